import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FallbackPanel } from './fallback-panel';
import { reportError } from '../../lib/monitoring/error-reporting';

interface Props {
  locale: string | undefined;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Catches rendering errors below it and shows the fallback panel in the page's language. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    reportError(error, { componentStack: info.componentStack ?? undefined });
  }

  override render() {
    return this.state.failed ? <FallbackPanel locale={this.props.locale} /> : this.props.children;
  }
}
