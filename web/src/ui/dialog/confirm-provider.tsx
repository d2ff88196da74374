import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useRef,
  useState,
} from 'react';

export interface ConfirmOptions {
  title: string;
  description: ReactNode;
  /** Label of the confirming button, e.g. 'Delete course'. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirming button for actions that destroy data (the default). */
  destructive?: boolean;
}

export type Confirm = (options: ConfirmOptions) => Promise<boolean>;

export const ConfirmContext = createContext<Confirm | null>(null);

// Kept out of the first page load (sign-in needs no dialogs).
const ConfirmDialog = lazy(() => import('./confirm-dialog.tsx'));

/** Hosts the one confirmation dialog; `useConfirm()` opens it and resolves to the answer. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmOptions | null>(null);
  const [used, setUsed] = useState(false);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((options) => {
    resolver.current?.(false);
    setUsed(true);
    setRequest(options);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = useCallback((value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setRequest(null);
  }, []);

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <ConfirmDialog request={request} onAnswer={answer} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}
