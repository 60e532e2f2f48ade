import { useSearchParams } from "react-router";
import { readSearchPage, searchPageInput } from "../../../common/schemas/search";
import { SearchForm } from "../../features/search/components/search-form";
import { SearchResults } from "../../features/search/components/search-results";
import { siteBlogName } from "../../lib/shell-data";
import { shell, useDocumentTitle } from "../layout/use-document-title";

/** With the blogs' names in force (default 'His Blog' and 'Her Blog'). */
export const searchStartText = (him: string, her: string) =>
  `Type a word or two to search every post of ${him} and ${her}.`;

/** /search?q=: the same reading of the address as the server's (common/schemas/search.ts). */
export default function SearchPage() {
  const [params] = useSearchParams();
  const state = readSearchPage(searchPageInput((name) => params.getAll(name)));
  const text = state.kind === "search" ? state.text : "";
  const { siteName } = shell();
  useDocumentTitle(text ? `${text} - Search - ${siteName}` : `Search - ${siteName}`);
  return (
    <main className="page search-page">
      <section aria-labelledby="search-title">
        <h1 id="search-title">{text ? `Results for “${text}”` : "Search"}</h1>
        <SearchForm key={text} variant="page" label="Search posts" defaultValue={text} />
        {state.kind === "invalid" ? (
          <p className="list-status list-error" role="alert">
            {state.message}
          </p>
        ) : state.kind === "empty" ? (
          <p className="list-status">{searchStartText(siteBlogName("him"), siteBlogName("her"))}</p>
        ) : (
          <SearchResults
            key={`${state.text}|${state.cursor ?? ""}`}
            text={state.text}
            cursor={state.cursor}
          />
        )}
      </section>
    </main>
  );
}
