/** Route of the privacy page (issue 15), linked from the footer and the collection notice. */
export const PRIVACY_PATH = "/privacy";
