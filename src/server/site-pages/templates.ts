import type { BuiltInPage } from "../../common/site-pages";

// The Privacy Policy and Terms of Service a new install shows until the authors save their own
//. They name what Duet really stores; the authors adapt them from the studio.

const privacy = (site: string) => `<h2>What this site stores</h2>
<p>${site} is a personal blog run by its two authors on their own server. It keeps only what it needs to work:</p>
<ul>
<li><strong>Accounts</strong>: your email address, the display name you chose and a hash of your password (never the password itself), and the sessions that keep you signed in.</li>
<li><strong>Comments</strong>: what you wrote, when, and under which post.</li>
<li><strong>Likes</strong>: which posts you liked.</li>
<li><strong>Follows</strong>: the email address you asked new posts to be sent to, until you unsubscribe.</li>
<li><strong>Contact messages</strong>: the name, email address, subject and message you sent through the contact form.</li>
<li><strong>Server logs</strong>: like every web server, the addresses and pages of requests, kept for a short time to keep the site running and safe.</li>
</ul>
<h2>What this site does not do</h2>
<p>There are no tracking cookies, no advertising and no third-party analytics. The only cookie is the one that keeps you signed in. Visits are counted without cookies and without storing who you are.</p>
<h2>Your choices</h2>
<p>You can edit or delete your comments, remove your likes and unsubscribe from any email. To have your account and everything tied to it removed, write to us through the contact page.</p>`;

const terms = (site: string) => `<h2>Using this site</h2>
<p>${site} is a personal blog. You may read it freely. By creating an account you agree to these terms.</p>
<h2>Your comments</h2>
<p>You are responsible for what you write. Be kind: comments that are abusive, unlawful or spam may be hidden or deleted by the authors, and accounts that post them may be closed.</p>
<h2>Our content</h2>
<p>The posts and pictures belong to their authors. Please ask before reusing them beyond a short quotation with a link.</p>
<h2>No warranty</h2>
<p>The site is offered as it is, without any guarantee that it is always available or free of errors.</p>
<h2>Changes</h2>
<p>These terms may change; the version on this page is the one that applies. Questions are welcome through the contact page.</p>`;

export const PAGE_TEMPLATES: Record<BuiltInPage, { title: string; content: (siteName: string) => string }> = {
  privacy: { title: "Privacy Policy", content: privacy },
  terms: { title: "Terms of Service", content: terms },
};
