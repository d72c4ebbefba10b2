/** The audit object of a member: `member:<id_member>`; every operator action on a member uses it. */
export const memberObject = (idMember: string): string => `member:${idMember}`;
