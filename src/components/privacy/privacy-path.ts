/** Route of the privacy page, linked from the footer and the collection notice. */
export const PRIVACY_PATH = "/privacy";
