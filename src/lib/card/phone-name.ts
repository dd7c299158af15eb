/** The words for a group's phone (issue 37), on a card and in the inbox: "Group 3’s phone". */
export function phoneName(group: number): string {
	return `Group ${group}’s phone`;
}
