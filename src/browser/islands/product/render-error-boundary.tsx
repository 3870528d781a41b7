import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * Catches what throws while rendering its children — a custom form definition the fields cannot
 * draw, or the form's lazily loaded chunk failing to arrive — so the island reports it (SPEC 8.1's
 * blank alert, CUSTOM_FORM_RENDER_ERROR) instead of unmounting the whole product form.
 */
export class RenderErrorBoundary extends Component<
  { onError: (error: unknown) => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
