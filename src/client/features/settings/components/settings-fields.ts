import type { SiteSettingKey } from "../../../../common/site-settings";

/** One text field of the settings form: its label, an optional hint, one line or several. */
export interface SettingField {
  key: Exclude<SiteSettingKey, "pinterestBoard" | "contactRecipients">;
  label: string;
  hint?: string;
  multiline?: boolean;
}

const COLOUR_HINT =
  "A hex colour like #b24a1c, at least 4.5:1 against this theme's background; empty: the theme's own.";

/** The form's groups, in the order readers meet them on the home page. */
export const SETTING_GROUPS: Array<{ legend: string; fields: SettingField[] }> = [
  {
    legend: "Site",
    fields: [
      { key: "siteName", label: "Site name", hint: "In the navbar, the footer and every tab title." },
      {
        key: "tagline",
        label: "Tagline",
        hint: "How search engines describe the home page; empty: the blogs' names.",
      },
      { key: "heroHeading", label: "Hero heading" },
      { key: "heroText", label: "Hero text", multiline: true },
      { key: "aboutText", label: "About Us text", multiline: true },
      { key: "footerText", label: "Footer text", hint: "A line under the copyright; empty: none." },
      { key: "accentDark", label: "Accent colour (dark theme)", hint: COLOUR_HINT },
      { key: "accentLight", label: "Accent colour (light theme)", hint: COLOUR_HINT },
    ],
  },
  {
    legend: "Blogs",
    fields: [
      { key: "himBlogName", label: "His blog's name" },
      { key: "himBlogDescription", label: "His blog's description", multiline: true },
      { key: "herBlogName", label: "Her blog's name" },
      { key: "herBlogDescription", label: "Her blog's description", multiline: true },
    ],
  },
];

export const SETTINGS_TEXT = {
  heading: "Settings",
  intro: "What readers see across the site. An empty field goes back to its default.",
  save: "Save Settings",
  busy: "Saving...",
  saved: "Settings saved. Readers see them on their next page.",
  failed: "Failed to save the settings. Please try again.",
  pinsLabel: "Her Pinterest board",
  pinsHint: "A https://www.pinterest.com/ board address; empty: none set.",
  pinsOff: "Switch the pin board off (no box on her pages)",
  recipientsLabel: "Contact recipients",
  recipientsHint: "Email addresses separated by commas; empty: the server's default.",
  test: "Send a test message",
  testBusy: "Sending...",
  testSent: (to: string[]) =>
    to.length ? `Test message sent to ${to.join(", ")}.` : "Test message sent through the contact service.",
  testSaveFirst: "Save the settings first: the test goes to the saved recipients.",
  testFailed: "The test message could not be sent. Please try again.",
} as const;
