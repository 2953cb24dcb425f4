import { useCallback, useEffect, useRef, useState } from 'react';
import { useErrorText } from '../../ui/feedback/use-error-text';
import { ISSUE_REPORT_TIMEOUT_MS, isUserCancel } from './issue-report-state';

export type ReportView = 'form' | 'loading' | 'error';

/**
 * One export run (001 §4 "Export": idle, loading and cancellable, error): the call gets an
 * AbortSignal that the cancel and the 1-minute wait (001 §9) abort. A user's cancel closes the
 * dialog without an error; any failure (a status other than 200, the timeout) shows the error
 * view and the export_failed dialog.
 */
export function useReportDownload(
  run: (signal: AbortSignal) => Promise<string>,
  handlers: { onDone: (fileName: string) => void; onCancelled: () => void },
) {
  const errorText = useErrorText();
  const [view, setView] = useState<ReportView>('form');
  const [error, setError] = useState<string>('');
  const [failedOpen, setFailedOpen] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const timedOut = useRef(false);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    timedOut.current = false;
    setView('loading');
    const timer = setTimeout(() => {
      timedOut.current = true;
      current.abort();
    }, ISSUE_REPORT_TIMEOUT_MS);
    try {
      const fileName = await run(current.signal);
      if (controller.current !== current) return;
      setView('form');
      handlers.onDone(fileName);
    } catch (err) {
      if (controller.current !== current) return;
      if (isUserCancel(err, timedOut.current)) {
        setView('form');
        handlers.onCancelled();
        return;
      }
      setError(errorText(timedOut.current ? 'general_error' : err));
      setView('error');
      setFailedOpen(true);
    } finally {
      clearTimeout(timer);
    }
  }, [run, handlers, errorText]);

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { view, setView, error, failedOpen, closeFailed: () => setFailedOpen(false), start, cancel };
}
