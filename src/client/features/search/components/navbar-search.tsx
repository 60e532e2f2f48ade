import { useLocation, useSearchParams } from "react-router";
import { pages } from "../../../../common/routes";
import { SearchForm } from "./search-form";

/** The navbar's search box; on the results page it holds the words searched. */
export function NavbarSearch() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const q = pathname === pages.search.path ? (params.get("q") ?? "") : "";
  // Keyed by the words, so a new search (or leaving the page) resets the box to match the address.
  return <SearchForm key={q} variant="navbar" label="Site search" defaultValue={q} />;
}
