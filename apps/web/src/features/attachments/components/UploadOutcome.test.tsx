import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '../../../i18n';
import { useUploadFlow } from './UploadOutcome';

beforeAll(async () => {
  await setupI18n('en');
});

const photo = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
const program = new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' });
const bigPdf = new File([new Uint8Array(2_000_001)], 'scan.pdf', { type: 'application/pdf' });

function Harness({
  files,
  onAccepted,
  existingBytes = 0,
}: {
  files: File[];
  onAccepted: (n: string[]) => void;
  existingBytes?: number;
}) {
  const flow = useUploadFlow({
    existingBytes,
    onAccepted: (accepted) => onAccepted(accepted.map((a) => a.file.name)),
  });
  return (
    <>
      <button type="button" onClick={() => void flow.handleFiles(files)}>
        choose
      </button>
      {flow.modal}
    </>
  );
}

const renderFlow = (files: File[], existingBytes = 0) => {
  const accepted = vi.fn();
  render(
    <MantineProvider>
      <Harness files={files} onAccepted={accepted} existingBytes={existingBytes} />
    </MantineProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'choose' }));
  return accepted;
};

describe('upload outcome (001 §8 "Upload invalid")', () => {
  it('valid files go at once, without a modal', async () => {
    const accepted = renderFlow([photo('a.jpg'), photo('b.jpg')]);
    await waitFor(() => expect(accepted).toHaveBeenCalledWith(['a.jpg', 'b.jpg']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('only invalid files: an info modal lists each with its reason, nothing is sent', async () => {
    const accepted = renderFlow([program, bigPdf]);
    const dialog = await screen.findByRole('dialog', { name: 'These files cannot be uploaded' });
    expect(dialog.textContent).toContain('setup.exe — This file type is not allowed.');
    expect(dialog.textContent).toContain('scan.pdf — The file is too big.');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(accepted).not.toHaveBeenCalled();
  });

  it('a mix asks first, titled with the count, then sends the valid ones', async () => {
    const accepted = renderFlow([photo('a.jpg'), program, bigPdf]);
    await screen.findByRole('dialog', { name: 'Files that cannot be uploaded: 2' });
    expect(accepted).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Upload the others (1)' }));
    expect(accepted).toHaveBeenCalledWith(['a.jpg']);
  });

  it('files that would take the issue over 20 MB are refused with the total message', async () => {
    const accepted = renderFlow([photo('a.jpg')], 20_000_000);
    await screen.findByRole('dialog', { name: 'Attachment limit reached' });
    expect(accepted).not.toHaveBeenCalled();
  });
});
