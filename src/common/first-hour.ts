/** The steps of an author's first hour in /admin, each done or not (from real data). */
export interface FirstHour {
  /** A public name and a photo on their profile. */
  profile: boolean;
  /** A post of their own (not one of the seed's demo posts). */
  post: boolean;
  /** A setting or a page saved by them. */
  settings: boolean;
}
