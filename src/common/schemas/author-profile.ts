import { z } from "zod";
import { AUTHOR_BIO_MAX_LENGTH, AUTHOR_NAME_MAX_LENGTH } from "../limits";
import { isAllowedImageSrc } from "../rules/post-html";
import { strictBody } from "./body";
import { plainText, singleLine } from "./text";

export const AUTHOR_PROFILE_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${AUTHOR_NAME_MAX_LENGTH} characters`,
  bioTooLong: `Bio must be at most ${AUTHOR_BIO_MAX_LENGTH} characters`,
  photo: "The photo must be an image uploaded to this blog",
} as const;

/**
 * PUT /api/authors/:author — the name, short bio and photo readers see for an author.
 * The photo is an upload of this blog (POST /api/uploads), or null for none.
 */
export const AuthorProfileBodySchema = strictBody({
  name: z
    .string({ error: AUTHOR_PROFILE_MESSAGES.nameRequired })
    .trim()
    .min(1, AUTHOR_PROFILE_MESSAGES.nameRequired)
    .max(AUTHOR_NAME_MAX_LENGTH, AUTHOR_PROFILE_MESSAGES.nameTooLong)
    .superRefine(singleLine("Name")),
  bio: z
    .string({ error: "Bio must be text" })
    .trim()
    .max(AUTHOR_BIO_MAX_LENGTH, AUTHOR_PROFILE_MESSAGES.bioTooLong)
    .superRefine(plainText("Bio", { lines: true }))
    .default(""),
  photoUrl: z
    .string({ error: AUTHOR_PROFILE_MESSAGES.photo })
    .max(300, AUTHOR_PROFILE_MESSAGES.photo)
    .refine(isAllowedImageSrc, AUTHOR_PROFILE_MESSAGES.photo)
    .nullable()
    .default(null),
});
export type AuthorProfileBody = z.infer<typeof AuthorProfileBodySchema>;
