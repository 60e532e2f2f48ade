import { Component, type ReactNode, Suspense } from "react";

interface Props {
  /** The page shown: a new one clears the error of the last. */
  pathname: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  pathname: string;
}

/**
 * The page under the navbar: while the first visit to a page fetches its chunk, the page before it
 * stays (navigations run in a transition) and nothing flashes. A chunk that cannot be fetched
 * (offline, or a new release replaced it) or a page that fails to render gets a way out, until
 * the person goes to another page.
 */
export class PageBoundary extends Component<Props, State> {
  override state: State = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return <PageLoadError />;
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}

function PageLoadError() {
  return (
    <main className="page">
      <div className="page-message" role="alert">
        <h1>This page could not be loaded</h1>
        <p>Please check your connection and try again.</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </main>
  );
}
