/** Uploaded banners live in the private files area 'banners' and are served publicly by name. */
export const BANNER_AREA = 'banners';
export const BANNER_URL_PREFIX = '/banners/unggah/';
/** The member carousel's group (spec/000 §2). */
export const MEMBER_BANNER_GROUP = 'banner-member';
/** An image of at most 1 MB: the carousel is on every member's first page, on slow phones. */
export const MAX_BANNER_BYTES = 1_000_000;
