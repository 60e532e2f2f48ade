/** The Inbox heading's id: items that leave the list after an action send keyboard focus to it. */
export const INBOX_HEADING_ID = "inbox-heading";

/** A handled item is gone from the list: focus lands on the heading, not on the page's start. */
export const focusInboxHeading = () => document.getElementById(INBOX_HEADING_ID)?.focus();
