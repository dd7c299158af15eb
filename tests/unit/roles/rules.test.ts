import { describe, expect, it } from 'vitest';
import {
	asksWhoUsesDevice,
	mayOpenSection,
	roleAfterCreate,
	roleAfterJoin,
	sectionOf,
	showsInstructorTools,
	type StoredRole
} from '$lib/roles/rules';

describe('what each role sees', () => {
	it.each<[StoredRole, boolean]>([
		['instructor', true],
		[null, true],
		['group', false]
	])('a device of role %s shows the instructor’s tools: %s', (role, shown) => {
		expect(showsInstructorTools(role)).toBe(shown);
	});

	const instructorSections = ['sessions', 'cards', 'inbox', 'invite', 'roster', 'files', 'edit'];

	it.each(instructorSections)('a group phone may not open the league’s %s', (section) => {
		expect(mayOpenSection('group', section)).toBe(false);
		expect(mayOpenSection('instructor', section)).toBe(true);
		expect(mayOpenSection(null, section)).toBe(true);
	});

	it('a group phone opens its group’s page and its turn-in, and nothing it does not know', () => {
		expect(mayOpenSection('group', '')).toBe(true);
		expect(mayOpenSection('group', 'turn-in')).toBe(true);
		expect(mayOpenSection('group', 'students')).toBe(false);
		expect(mayOpenSection('group', 'constructor')).toBe(false);
		expect(mayOpenSection('group', '__proto__')).toBe(false);
	});
});

describe('how a role is taken', () => {
	it('joining makes a device with no role a group phone; the instructor’s stays the instructor’s', () => {
		expect(roleAfterJoin(null)).toBe('group');
		expect(roleAfterJoin('group')).toBe('group');
		expect(roleAfterJoin('instructor')).toBe('instructor');
	});

	it('creating a league makes a device with no role the instructor’s', () => {
		expect(roleAfterCreate(null)).toBe('instructor');
		expect(roleAfterCreate('instructor')).toBe('instructor');
	});
});

describe('the league section of a path', () => {
	it.each([
		['/league/abc', ''],
		['/league/abc/', ''],
		['/league/abc/sessions/s1', 'sessions'],
		['/league/abc/turn-in', 'turn-in'],
		['/league/new', null],
		['/league/join', null],
		['/league', null],
		['/game/abc', null]
	])('%s is section %s', (path, section) => {
		expect(sectionOf(path)).toBe(section);
	});
});

describe('asksWhoUsesDevice', () => {
	it.each<[string, StoredRole, number, boolean, boolean]>([
		['a new device', null, 0, false, true],
		['a device asked before (answered or skipped)', null, 0, true, false],
		['a device that holds a league', null, 1, false, false],
		['the instructor’s device', 'instructor', 0, false, false],
		['a group’s phone', 'group', 0, false, false]
	])('asks on %s: %s', (_, role, leagues, asked, asks) => {
		expect(asksWhoUsesDevice({ role, leagues, asked })).toBe(asks);
	});
});
