-- Pushes are stored by one insert each (issue 35, server/cards.ts `storeCard`), judged by the
-- server from the request's headers first: the functions that found a push's caller and stored
-- its card inside the database (push_card, push_card_as, push_cards of 0002, 0004, 0006, 0008)
-- are no longer called by any version of the server. The earlier migrations stay as history.
drop function if exists push_cards(json, text);
drop function if exists push_cards(jsonb);
drop function if exists push_card_as(text, text, text[], boolean, text, text, jsonb);
drop function if exists push_card(text, text, text, jsonb, text);
