import { useMutation } from '@tanstack/react-query';
import { type QrScanRequest, qrScanContracts } from '@workbench/domain';
import { call } from '../../api/client';

/** POST qr_code/scan: what a scanned code names for the caller, the scan logged. */
export function useScanCode() {
  return useMutation({
    mutationFn: (body: QrScanRequest) => call(qrScanContracts.scan, { body }),
  });
}
