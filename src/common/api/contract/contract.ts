import type { z } from "zod";
import type { ErrorCode } from "../../error-codes";
import type { Endpoint, Io } from "../endpoint";

/** The OpenAPI groups: the Content API (public reads) first. */
export type ApiTag =
  | "Posts"
  | "Comments"
  | "Search"
  | "Authors"
  | "Pages"
  | "Likes"
  | "Following"
  | "Social web"
  | "Studio"
  | "Contact"
  | "Meta";

/**
 * Who may call an endpoint, checked before its input (a visitor's 401 comes before a 400):
 * `anyone`, a `signed-in` user (a reader or an author), or one of the two `authors` (the admins).
 * Whose post or comment it is stays the handler's rule (common/policies.ts).
 */
export type Who = "anyone" | "signed-in" | "authors";

/**
 * What the endpoint table says about an endpoint beyond its method and path: the schemas (the
 * exact ones its type names), its documentation and the error codes it may answer.
 */
export type Contract<T extends Io> = {
  summary: string;
  description?: string;
  who: Who;
  /** The 401's text when it is not the generic one (SPEC's 'Please log in to like posts'). */
  unauthorized?: string;
  /** The 403's text for a signed-in user who is not an author, when it is not the generic one. */
  forbidden?: string;
  /** A validation message that answers with its own code instead of VALIDATION_ERROR. */
  validationCodes?: Readonly<Record<string, ErrorCode>>;
  tags: readonly ApiTag[];
  /** Part of the public Content API (docs/api.md): anyone may call it, answers may be cached. */
  content?: true;
  /** A path that names nothing answers 404 with this message (an invented id is not a bad request). */
  paramsNotFound?: string;
  errors: readonly ErrorCode[];
  /** The 200 answer's shape, for the OpenAPI document (never used to serialise). */
  response?: z.ZodType<T["response"]>;
} & Part<T, "params"> &
  Part<T, "query"> &
  Part<T, "body">;

/** The schema the endpoint's type names must be given, exactly that one; none where it names none. */
type Part<T extends Io, K extends "params" | "query" | "body"> = T[K] extends z.ZodType
  ? { [P in K]: T[K] }
  : { [P in K]?: never };

export type AnyContract = Omit<Contract<Io>, "response" | "params" | "query" | "body"> & {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
};

/** One table row: the endpoint and its contract, type-checked against each other. */
export const row = <T extends Io>(endpoint: Endpoint<T>, contract: Contract<T>) =>
  [endpoint, contract as unknown as AnyContract] as const;
