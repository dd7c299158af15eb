-- Trust by keys (issue 37): a phone's public key, recorded when it joins, against which every
-- card it pushes is checked. Null for a phone that joined before keys: its pushes are taken as
-- before, and it records a key the next time it joins.
alter table devices add column public_key text;
