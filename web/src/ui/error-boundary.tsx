import { Button, Callout, Flex, Link } from '@radix-ui/themes';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Changing this value (e.g. the path) clears a previous error. */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  error: Error | null;
  resetKey: unknown;
}

/** Keeps one broken screen from blanking the whole app. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<ErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Screen failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Flex direction="column" align="center" gap="3" py="6" px="3">
        <Callout.Root color="red" role="alert">
          <Callout.Text>
            Something went wrong while showing this page. Try again, or go back to the start page.
          </Callout.Text>
        </Callout.Root>
        <Flex gap="3" align="center">
          <Button onClick={() => this.setState({ error: null })}>Try again</Button>
          <Link href="/">Go to the start page</Link>
        </Flex>
      </Flex>
    );
  }
}
