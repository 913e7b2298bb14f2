import { CRASH_ERROR_TEXT, ErrorView } from '@web/components/error-view';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface CrashBoundaryState {
  crashed: boolean;
}

/**
 * The last line of defence around the whole app (spec 1 §2 Shell: "After a crash it reads …").
 * Route errors are caught earlier by the router's error elements; this catches the rest.
 */
export class CrashBoundary extends Component<{ children: ReactNode }, CrashBoundaryState> {
  override state: CrashBoundaryState = { crashed: false };

  static getDerivedStateFromError(): CrashBoundaryState {
    return { crashed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Back office crashed', error, info.componentStack);
  }

  override render() {
    return this.state.crashed ? <ErrorView message={CRASH_ERROR_TEXT} fullPage /> : this.props.children;
  }
}
