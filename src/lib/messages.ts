/**
 * Every sentence a user can see about an error lives here, keyed by a stable code. Code that
 * fails throws a coded error (`coded-error.ts`); only the edges that show an error turn its
 * code into words, so the scorecard's first load leaves this table out until it needs it.
 *
 * This module imports nothing, so every layer (the pure rules included) may use it.
 */

/** Values an error can carry into its sentence. */
export type MessageParams = Record<string, string | number | undefined>;

type Sentence = string | ((p: MessageParams) => string);

const sentences = {
	// Counts and scores
	'count-impossible': (p) =>
		`${p.count ?? 'That'} is not a count a layout can show: counts run from 1 to 36.`,
	'count-not-scoring': (p) => `A count of ${p.count} scores nothing under ${p.ruleset}.`,
	'no-scoring-during-play': (p) =>
		`${p.ruleset} has no points during play: points come only at the end of a hand.`,
	'bad-end': 'Each open end shows 0 to 6 pips.',
	'bad-end-count': 'A layout has 1 to 4 open ends.',
	'double-repeated': (p) => `There is only one ${p.domino} in a set.`,
	'bad-number': (p) => `${p.value} is not a whole number of 0 or more.`,

	// Events
	'unknown-player': (p) => `${p.player ?? 'That player'} is not playing in this game.`,
	'unknown-event': (p) => `"${p.type}" is not something a game can record.`,
	'bad-event': 'That entry is incomplete.',
	'duplicate-id': 'That entry was already recorded.',
	'game-over': 'The game is over: undo the end first to record more.',
	'steal-not-allowed': (p) => `${p.ruleset} has no "Muggins!" steals.`,
	'same-side': 'Muggins must be called by an opponent, not by the player or a partner.',
	'bad-points': 'A correction is a whole number of points, not zero.',
	'note-required': 'Say why the points are corrected.',
	'no-clock': (p) => `${p.ruleset} is not played against a clock.`,
	'time-already-up': 'Time is already up.',
	'penalty-not-allowed': (p) => `${p.ruleset} has no penalties.`,
	'unknown-penalty': (p) => `"${p.kind}" is not a penalty.`,
	'match-over': 'This match is decided: start a new game for a new match.',
	'game-in-play': 'Finish the game in play before starting the next game of the match.',
	'void-unknown': 'There is nothing like that to undo.',
	'void-of-void': 'An undo cannot itself be undone: record the entry again instead.',
	'void-already': 'That entry was already undone.',
	'void-conflict':
		'Undoing that entry would make a later entry impossible: undo the later entries first.',

	// Hands
	'bad-outcome': 'A hand ends with a domino (someone went out) or blocked.',
	'went-out-required': 'Say who went out.',
	'went-out-with-blocked': 'Nobody goes out in a blocked hand.',
	'went-out-holds-tiles': (p) => `${p.player} went out, so ${p.player} holds no dominoes.`,
	'blocked-with-empty-hand': (p) =>
		`${p.player} holds no dominoes, so the hand was not blocked: ${p.player} went out.`,
	'hand-missing-player': (p) => `Enter what ${p.player} still holds.`,
	'hand-not-integer': (p) => `${p.player}'s pips and dominoes must be whole numbers.`,
	'pips-impossible': (p) =>
		`${p.player} cannot hold ${p.pips} pips in ${p.tiles} ${p.tiles === 1 ? 'domino' : 'dominoes'}: at most 12 a domino.`,
	'negative-hand': (p) => `${p.player}'s pips and dominoes cannot be negative.`,
	'too-many-pips': 'The hands hold more than the 168 pips of a whole set.',
	'too-many-tiles': 'The hands hold more than the 28 dominoes of a whole set.',
	'bad-domino': (p) => `"${p.domino}" is not a domino: write it like 6-4.`,
	'domino-repeated': (p) => `${p.domino} appears twice, but a set has only one.`,
	'bad-spinner': (p) => `The spinner is a double, like 5-5, not ${p.domino}.`,
	'hand-mismatch': (p) => `${p.player}'s pips or dominoes do not match the dominoes listed.`,

	// Game setup
	'bad-players': 'A game has 2 to 4 players, each named once.',
	'name-seated': (p) => `${p.name} is already at the table.`,
	'seats-full': (p) => `A game has at most ${p.max} players: remove one to add another.`,
	'player-count': (p) => `${p.ruleset} is played by ${p.range} players.`,
	'bad-sides': 'Teams are two pairs of partners who sit across: seats 1 and 3 against 2 and 4.',
	'teams-not-allowed': (p) => `${p.ruleset} is not played in teams.`,
	'bad-option': (p) => `${p.option} must be a whole number of 1 or more.`,
	'option-not-used': (p) => `${p.ruleset} has no ${p.option} setting.`,
	'unknown-ruleset': (p) => `"${p.ruleset}" is not a rule sheet this app knows.`,

	// Storage (src/lib/db): what the store on this device can fail with
	'not-found': (p) => `That ${p.what ?? 'record'} is not on this device.`,
	'storage-full':
		'This device is out of storage space, so that was not saved. Turn in or back up finished cards, free some space, then try again.',
	'db-closed':
		'The app was updated in another tab. Reload this page to go on: everything recorded is kept.',
	'db-blocked': 'Close the other tabs of this app so the update can finish.',
	'db-unavailable':
		'This browser is not letting the app save anything (private browsing can do that): scores cannot be kept here.',
	'name-required': 'Type a name.',
	'name-too-long': (p) => `A name can have at most ${p.max} characters.`,
	'nothing-to-undo': 'There is nothing to undo.',
	'nothing-to-redo': 'There is nothing to redo.',

	// The league (src/lib/db/leagues.ts, roster.ts, sessions.ts, cards.ts)
	'league-name-required': 'Give the league a name, such as “Period 3”.',
	'league-name-too-long': (p) => `A league name can have at most ${p.max} characters.`,
	'term-name-too-long': (p) => `A term name can have at most ${p.max} characters.`,
	'bad-date': (p) => `${p.value ? `“${p.value}”` : 'That'} is not a date.`,
	'term-backwards': 'The term ends before it starts: check the two dates.',
	'day-before-term': (p) =>
		`${p.day} is before the term starts (${p.start}): pick a day in the term, or change the term’s dates under Edit.`,
	'day-after-term': (p) =>
		`${p.day} is after the term ends (${p.end}): pick a day in the term, or change the term’s dates under Edit.`,
	'on-roster': (p) => `${p.name} is already on this roster.`,
	'on-roster-retired': (p) =>
		`${p.name} is on this roster but retired: bring them back from the retired list instead.`,
	'not-on-roster': (p) => `${p.name ?? 'That student'} is not on this league’s roster.`,
	'student-id-too-long': (p) => `A student id can have at most ${p.max} characters.`,
	'student-id-control': 'A student id cannot hold tabs, line breaks or hidden characters.',
	'student-id-taken': (p) =>
		`${p.name} already has the student id “${p.studentId}”: each student needs their own.`,
	'student-id-differs': (p) =>
		`${p.name} on the roster already has the student id “${p.studentId}”: change it on the roster if it is wrong.`,
	'not-present': (p) => `${p.name ?? 'That student'} is not marked present in this session.`,
	'group-started': 'That group’s game has started, so its players stay as they are.',
	'no-group': 'That group is not in this session any more.',
	'session-has-games':
		'Games were started from this session, so it stays: void their cards if they should not count.',
	'void-reason-required': 'Say why the card is voided: the reason is kept with it.',
	'void-reason-too-long': (p) => `Keep the reason to ${p.max} characters.`,
	'not-a-league-card': 'That game is not part of a league, so it has no card to void.',
	'card-voided-already': 'That card is already voided.',
	'card-not-voided': 'That card is not voided.',
	'group-size': (p) =>
		`${p.ruleset} is played by ${p.range} players: move a student into or out of this group.`,
	'chart-failed': 'The chart could not be drawn here; the numbers are below.',

	// The instructor PIN (src/lib/pin)
	'pin-format': 'A PIN is 4 to 12 digits.',
	'pin-mismatch': 'The two PINs are not the same: type the new one twice.',
	'pin-wrong': 'That PIN is not right.',
	'pin-unavailable':
		'This browser cannot protect a PIN (its Web Crypto is missing or switched off), so none can be set here.',

	// Roster import (src/lib/import): one sentence per refused row or file
	'import-empty-file': 'The file is empty: there are no names in it.',
	'import-unreadable': (p) =>
		`The file could not be read as CSV${p.detail ? ` (${p.detail})` : ''}: save it from the spreadsheet as “CSV UTF-8” and try again.`,
	'import-no-name': 'No name in this row.',
	'import-duplicate': (p) => `Same name as row ${p.row}.`,
	'import-on-roster': 'Already on the roster.',
	'import-too-long': (p) => `Longer than ${p.max} characters.`,
	'import-nothing': 'There is no new name to add.',
	'import-id-too-long': (p) => `Student id longer than ${p.max} characters.`,
	'import-id-control': 'Student id holds tabs, line breaks or hidden characters.',
	'import-id-duplicate': (p) => `Same student id as row ${p.row}.`,
	'import-id-on-roster': (p) => `${p.name} on the roster has this student id.`,
	'import-id-differs': (p) => `${p.name} on the roster has another student id: ${p.studentId}.`,
	'name-looks-alike': (p) =>
		`Looks the same as ${p.name} but is written with other letters: check the spelling.`,
	'import-no-class': 'No class to import: the files list no class with students in it.',
	'oneroster-missing-file': (p) =>
		`Pick ${p.file} too: a OneRoster class list comes as users.csv with enrollments.csv (pick both files at once).`,
	'oneroster-missing-column': (p) =>
		`${p.file} has no “${p.column}” column, so it is not a OneRoster file. Pick the files exported for OneRoster 1.1.`,
	'oneroster-duplicate-id': (p) =>
		`Rows ${p.first} and ${p.second} of ${p.file} have the same id, so it is not clear which one is right. Nothing was imported: export the class list again from the school system.`,
	'import-one-file':
		'Pick one class list, or the users.csv and enrollments.csv of a OneRoster export together.',
	'import-too-big': (p) =>
		`That file is over ${p.max} and too big for a class list: pick the CSV of the class.`,

	// Backup and restore (src/lib/backup)
	'backup-too-big': (p) =>
		`That file is ${p.size} MB, too big for this browser to read in one piece. Save a new backup with this version of the app and restore that one. Nothing was changed.`,
	'backup-not-json':
		'That file is cut short or is not a backup (it is not complete JSON). Nothing was changed.',
	'backup-foreign': 'That file is not a Muggins League backup. Nothing was changed.',
	'backup-newer': (p) =>
		`That backup was made by a newer version of the app (format ${p.format}). Update the app, then restore it.`,
	'backup-damaged': (p) =>
		`That backup is damaged${p.detail ? ` (${p.detail})` : ''}. Nothing was changed.`,
	'backup-changed':
		'That backup was changed after it was saved, so it cannot be trusted. Restore another copy of it. Nothing was changed.',
	'restore-busy':
		'Another tab of the app is restoring a backup. Wait until it is done, then try again. Nothing was changed.',
	'restore-finished':
		'A restore was stopped part-way when the app was last closed. It has now been finished.',
	'restore-discarded':
		'A restore was stopped when the app was last closed, before it had changed anything. Nothing was restored: restore the file again if you still want it.',
	'restore-undone':
		'A restore onto this device was stopped part-way when the app was last closed. What it had written was taken out again, so the device is as it was before. Restore the file again if you still want it.',
	'restore-failed':
		'A restore stopped part-way and could not be finished yet. Free some space on the device (old photos or apps), then tap Try again. It also tries again each time the app starts.',

	// Signing the card
	'card-signed':
		'This card is signed, so nothing more can be recorded on it. To change it, reopen it with a reason; then everyone signs again.',
	'card-not-finished': 'A card is signed when the game is over: end the game first.',
	'card-changed': 'The card changed while it was being signed. Check the summary again, then sign.',
	'card-not-signed': 'Nobody has signed this card, so there is nothing to reopen.',
	'already-signed': (p) => `${p.name} has already signed this card.`,
	'signature-empty': 'Sign in the box first.',
	'signature-bad': 'That signature could not be read: clear it and sign again.',
	'card-not-plain':
		'This card holds something that is not part of a game, so it cannot be checked.',
	'typed-name-mismatch': (p) => `Type the name as the card shows it: ${p.name}.`,
	'reason-required': 'Write why the card is reopened.',
	'instructor-only':
		'Only the instructor’s device can correct a card. Nothing was changed: ask the instructor.',
	'not-a-late-correction':
		'Only a correction made after the players signed can be withdrawn. Nothing was changed.',
	'correct-changed-card':
		'This card was changed after the players signed it, so a correction cannot make it count. Nothing was changed: reopen it so the players sign again, or void it.',
	'reason-too-long': (p) => `Keep the reason to ${p.max} characters or fewer.`,

	// Cards and invites between devices (src/lib/transfer, src/lib/db/inbox.ts)
	'transfer-foreign': 'That is not a Muggins League card or invite. Nothing was changed.',
	'transfer-damaged': (p) =>
		`That code or file is damaged or cut short${p.detail ? ` (${p.detail})` : ''}. Nothing was changed: show or save it again.`,
	'transfer-newer': (p) =>
		`That was made by a newer version of the app (format ${p.format}). Update this app, then try again.`,
	'transfer-too-big': 'That is far bigger than any card or invite. Nothing was changed.',
	'transfer-other-set': (p) =>
		`That code belongs to another card. Keep scanning the card you started (${p.read} of ${p.total} read), or start over.`,
	'transfer-other-frames': (p) =>
		`That code belongs to another card. Keep the camera on the moving code you started (${p.percent}% read), or start over.`,
	'transfer-incomplete': (p) =>
		p.percent === undefined
			? `Only ${p.read} of ${p.total} codes are read: scan the others.`
			: `Only ${p.percent}% of the moving code is read: keep the camera on it.`,
	'transfer-wrong-kind': (p) =>
		p.kind === 'invite'
			? 'That is a league invite, not a card: open it from the league list to join.'
			: 'That is a card, not a league invite: turn it in on the instructor’s device.',
	'transfer-unsupported': 'This browser cannot unpack cards (no CompressionStream): update it.',
	'inbox-changed': 'Changed after signing: the card no longer matches what the players signed.',
	'inbox-unsigned': (p) => `${p.name} has not signed this card.`,
	'inbox-other-league': 'Card for another league.',
	'inbox-not-on-roster': (p) => `${p.name} is not on this roster.`,
	'inbox-not-finished': 'The game on this card is not over.',
	'inbox-versions':
		'Two different versions of this card were turned in: choose the one that counts.',
	'not-in-inbox': 'That card is not in the inbox any more.',
	'card-not-signed-yet': 'Every player signs the card before it is turned in.',
	'card-has-signatures':
		'Someone has signed this card already: a signed card keeps its league. Reopen it first.',

	// Issue 13: the instructor PIN slows down guessing (src/lib/pin/instructor.ts)
	'pin-wait': (p) =>
		`Too many wrong PINs: wait ${Number(p.seconds) > 90 ? `${Math.ceil(Number(p.seconds) / 60)} minutes` : `${p.seconds} seconds`}, then try again.`,

	// Issue 13: every record from outside is checked by src/lib/card/incoming-check.ts
	'incoming-name': (p) =>
		`A name in that file or code (${p.name ? `“${p.name}”` : 'an empty one'}) cannot be used: a name has 1 to ${p.max} visible characters. Nothing was changed.`,
	'incoming-too-big': (p) =>
		`A game in that file has more than ${p.max} entries, more than any real game. Nothing was changed.`,
	'incoming-id-taken':
		'Part of that file or code belongs to another card already on this device, so it was turned away. Nothing was changed.',
	'incoming-damaged': (p) =>
		`That file or code does not hold together${p.detail ? ` (${p.detail})` : ''}. Nothing was changed.`,
	'inbox-no-place':
		'This card is not the game of a group handed out in a class session: it counts once you accept it.',
	'inbox-no-sender':
		'This card comes from an older version of the app and does not say which phone sent it: it counts once you accept it.',
	'inbox-from-backup':
		'This card came in a backup saved on another device, or made by hand: it counts once you accept it.',
	'inbox-copy':
		'The same game as a card already received, under another name: it counts only if you choose it.',
	// Issue 16: the school server (its refusals) and the app's connection to it
	'server-malformed': (p) =>
		`The server could not read that request${p.detail ? ` (${p.detail})` : ''}. Nothing was stored.`,
	'server-unauthorized': 'This device is not known to the school server: join the league again.',
	'server-revoked': 'The instructor removed this device from the league on the school server.',
	'server-forbidden': 'Only the instructor of this league may do that.',
	'server-too-big': 'That is far bigger than any card or league. Nothing was stored.',
	'server-not-found': 'The school server has no such league or device.',
	'server-league-exists': 'The school server already has this league.',
	'server-join-code': 'That join code is not right, or it has expired: ask the instructor.',
	'server-rate-limited': 'Too many wrong join codes: wait ten minutes, then try again.',
	// Issue 38: the school server hardened
	'server-other-league':
		'This device belongs to another league on the school server: open that league, or join this one with its code.',
	'server-busy': 'The school server is busy. Cards wait on this device and go in a moment.',
	'server-database-down':
		'The school server cannot reach its database just now. Cards wait on this device; tell whoever runs the server.',
	'server-registrations-limited':
		'Too many leagues were registered from this network just now: wait an hour, then try again.',
	// Issue 40: the live classroom (a game's entries as played, for the instructor's live view)
	'server-live-not-yours':
		'The school server has this game on another phone, or it was not handed out to this group. Its entries stay on this phone; its signed card counts as ever.',
	'server-live-gap': (p) =>
		`The school server is missing earlier entries of this game: this phone sends them again from entry ${p.next ?? 1}.`,
	'server-live-too-long': (p) =>
		`This game has more than ${p.max ?? 5000} entries, more than any real game: the school server shows no more of it live. Its signed card counts as ever.`,
	'sync-unreachable': 'The school server cannot be reached. Cards wait on this device.',
	'sync-address': (p) => `${p.address} is not a web address: it starts with https://.`,
	'sync-not-server': (p) =>
		`${p.address} answers, but it is not a Muggins League school server. Check the address with the school’s IT.`,
	// Issue 40: the live classroom as the instructor's device shows it
	'live-needs-server':
		'Live scores need the school server. Without it, this shows the games on this device and the cards that have come in.',
	'live-connecting': 'Connecting to the school server for live scores…',
	'live-on':
		'Live through the school server: each group’s scores show here as its phone records them.',
	'live-lost': (p) =>
		`Not live just now: last heard from the school server ${agoWords(Number(p.minutes))}. Trying again…`,
	'live-asking': 'Asking the server every few seconds: live scores come a few seconds late.',
	'live-last-entry': (p) => `Last entry ${agoWords(Number(p.minutes))}: ${p.words}`,
	'live-quiet': (p) =>
		`No entry for ${p.minutes} ${Number(p.minutes) === 1 ? 'minute' : 'minutes'}. Last: ${p.words}`,
	'live-steals': (p) => `${p.count} Muggins! ${Number(p.count) === 1 ? 'steal' : 'steals'}`,
	'live-last-words': (p) => `Last: ${p.words}`,
	'live-waiting': 'Live: waiting for the first entry from its phone.',
	'live-phone-quiet': (p) =>
		`Nothing from its phone for ${p.minutes} minutes: it may be locked or offline. Its entries wait on it and come in once it is back.`,
	'live-not-counted': 'Live from its phone. The scores count once the signed card comes in.',
	// Issue 15: the class loop (device roles, group codes, turning in at once, receipts)
	'role-group-phone':
		'The instructor’s tools are on the instructor’s device. This phone keeps the group’s game, cards and rules.',
	'group-code-bad':
		'That is not a group code: a group code is 4 letters and digits, like K7QM. Check it and type it again.',
	'group-code-unknown':
		'No group of this phone’s session has that code. Scan the group’s QR code, or ask the instructor for the code again.',
	'group-code-stale':
		'That code is from an older list of groups: the groups were changed since. Ask the instructor for the new code.',
	'group-other-kind': (p) =>
		p.kind === 'card' || p.kind === 'bundle'
			? 'Those are signed cards: they are turned in on the instructor’s device.'
			: p.kind === 'receipt'
				? 'That is a receipt: open it from the turn-in screen of the phone that turned the cards in.'
				: 'That is not a league invite or a group’s code.',
	'receipt-not-ours':
		'That receipt is for cards this phone did not turn in. Nothing was changed: scan the receipt for this phone’s cards.',
	'receipt-wrong-kind':
		'That is not a receipt. The instructor’s device shows the receipt once it has read the cards.',
	'bundle-empty': 'There is no signed card to turn in: every signed card was received already.',
	'bundle-wrong-kind':
		'That is not a set of signed cards: open invites and group codes on a phone.',
	'standings-bad':
		'Those standings could not be read. Nothing was changed: ask the instructor to share them again.',
	'code-other-league': 'That code is for another league than this one. Nothing was changed.',
	'standings-foreign':
		'Those standings are from another league than this phone’s. Nothing was changed.',
	'standings-future':
		'Those standings are dated after tomorrow, so they cannot be right. Nothing was changed: check the date on this phone, or ask the instructor to share them again.',
	// Issue 37: trust by keys (src/lib/card/owner.ts, src/lib/transfer/sealed.ts)
	'trust-forged':
		'That code or file was changed after it was made, or was not made by the app. Nothing was changed.',
	'trust-unsigned':
		'That was made by an older version of the app and does not say which device made it. Nothing was changed: ask the instructor to show it again from the updated app.',
	'trust-other-owner':
		'That did not come from the instructor’s device this phone joined the league from. Nothing was changed.',
	'trust-own-league':
		'This league was made on this device, so nothing from another code or file can change it. Nothing was changed.',
	'trust-other-phone':
		'That card was signed by another device than the phone sending it. Nothing was stored.',
	// Issue 17: the instructor's tools
	'correct-while-playing':
		'The game is still being played: record the points on the score card instead.',

	// Issue 39: a restore's progress bar (backup/restore-progress.ts). Not errors: what it is doing.
	'restore-checking': 'Checking the file',
	'restore-checking-games': (p) =>
		`Checking the file: ${p.done} of ${p.total} ${p.total === '1' ? 'game' : 'games'}`,
	'restore-restoring': 'Restoring the games',
	'restore-restoring-games': (p) =>
		`Restoring ${p.done} of ${p.total} ${p.total === '1' ? 'game' : 'games'}`,
	'restore-writing': 'Writing the games',
	'restore-writing-games': (p) =>
		`Writing ${p.done} of ${p.total} ${p.total === '1' ? 'game' : 'games'}`,
	'restore-left-unknown': 'Working out how long this will take',
	'restore-left-soon': 'Almost done',
	'restore-left-seconds': (p) => `About ${p.seconds} seconds left`,
	'restore-left-minute': 'About a minute left',
	'restore-left-minutes': (p) => `About ${p.minutes} minutes left`,

	// Anything else: a bug. Nothing was saved, and the user can say what happened.
	unexpected: (p) =>
		`Something went wrong and nothing was saved${p.detail ? ` (${p.detail})` : ''}. Try again; if it keeps happening, reload the page.`
} satisfies Record<string, Sentence>;

/** "just now", "1 minute ago", "6 minutes ago": how long since something was heard. */
function agoWords(minutes: number): string {
	if (!(minutes >= 1)) return 'just now';
	return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
}

/** A code that has words for the user. */
export type MessageCode = keyof typeof sentences;

/** The sentence for `code`, with `params` filled in. */
export function message(code: MessageCode, params: MessageParams = {}): string {
	const s: Sentence = sentences[code];
	return typeof s === 'function' ? s(params) : s;
}

/** Whether `code` has words here (for codes that arrive from outside, e.g. stored errors). */
export function isMessageCode(code: string): code is MessageCode {
	return Object.hasOwn(sentences, code);
}

/**
 * The sentence for any error caught at the edge of the app: its own words when it carries a
 * known code (RuleError, DbError …), else the general apology with the error's name.
 * `playerName` turns the player id a rule error carries into the name the screen shows.
 */
export function messageFor(err: unknown, playerName?: (player: string) => string): string {
	if (typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string') {
		const params =
			'params' in err && typeof err.params === 'object' ? (err.params as MessageParams) : {};
		// The rules name a player by id; a screen that knows the names passes them in.
		const named =
			playerName && typeof params?.player === 'string'
				? { ...params, player: playerName(params.player) }
				: params;
		if (isMessageCode(err.code)) return message(err.code, named ?? {});
	}
	return message('unexpected', { detail: err instanceof Error ? err.name : undefined });
}
