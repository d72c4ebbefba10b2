/**
 * Sign-in and password reset accept an ID Member or a username, so a username may never look like
 * an ID Member (ten digits): otherwise a member renamed `1000000003` could stand in for that ID.
 */
export const ID_MEMBER_PATTERN = /^\d{10}$/;

export const USERNAME_LIKE_ID = 'Username tidak boleh berupa ID Member (10 angka)';

export const looksLikeIdMember = (username: string): boolean => ID_MEMBER_PATTERN.test(username.trim());
