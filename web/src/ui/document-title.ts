import { useEffect } from 'react';

const APP_NAME = 'Learning Platform';

/**
 * Names the screen in the browser tab and for screen readers (WCAG 2.4.2), e.g. 'Board ·
 * Learning Platform'; the app's name alone again when the screen goes.
 */
export function useDocumentTitle(screen: string | undefined): void {
  useEffect(() => {
    if (!screen) return;
    document.title = `${screen} · ${APP_NAME}`;
    return () => {
      document.title = APP_NAME;
    };
  }, [screen]);
}
