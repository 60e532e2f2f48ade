/**
 * SPEC §5 (the schema the server parses with): null when the text may be sent. The schema (and
 * zod with it) loads when a comment form first shows, which only signed-in readers see, so a
 * visitor's post page does not download it (e2e/reader-budget).
 */
const loadSchema = () => import("../../../../common/schemas/comment");

export const preloadCommentSchema = (): void => {
  void loadSchema().catch(() => {});
};

export async function commentProblem(text: string): Promise<string | null> {
  const { CommentTextSchema } = await loadSchema();
  return CommentTextSchema.safeParse(text).error?.issues[0]?.message ?? null;
}
