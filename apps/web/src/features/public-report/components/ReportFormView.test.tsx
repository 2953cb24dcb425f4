import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { defaultPublicForm, type PublicForm } from '@workbench/domain';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '../../../i18n';
import { reportForm } from '../public-report-api';
import { checkReportValues, emptyReportValues, ReportFormView } from './ReportFormView';
import { publicStage } from './StatusSteps';

beforeAll(async () => {
  await setupI18n('en');
});

const standard = defaultPublicForm('workspace');
const form = (over: Partial<PublicForm> = {}): PublicForm => ({
  enabled: true,
  fields: standard.fields,
  texts: {},
  logo: null,
  primary_color: '#2f9e44',
  allow_follow: true,
  categories: [{ id: 7, name: 'Plumbing' }],
  ...over,
});
const place = { name: 'Building A', organisation: 'Demo', logo: null, kind: 'workspace' as const };

const renderForm = (props: Partial<Parameters<typeof ReportFormView>[0]> = {}) =>
  render(
    <MantineProvider>
      <ReportFormView form={form()} place={place} language="en" {...props} />
    </MantineProvider>,
  );

describe('the public report form', () => {
  it('shows the form’s fields in their order, with the organisation’s texts in the page’s language', () => {
    renderForm({
      form: form({
        texts: { en: { title: 'Tell the caretaker', intro: 'Leaks, lights, locks.', thank_you: null } },
        fields: [
          { key: 'reporter_email', visible: true, required: true },
          ...standard.fields.filter((f) => f.key !== 'reporter_email'),
        ],
      }),
    });
    expect(screen.getByRole('heading', { name: 'Tell the caretaker' })).toBeTruthy();
    expect(screen.getByText('Leaks, lights, locks.')).toBeTruthy();
    const labels = screen.getAllByRole('textbox').map((el) => el.getAttribute('id') ?? '');
    expect(labels[0]).toMatch(/reporter_email$/);
    // The standard form hides the category and the phone.
    expect(screen.queryByRole('combobox', { name: 'Category' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Your phone number' })).toBeNull();
  });

  it('checks required fields itself and sends nothing until they are filled', () => {
    const onSubmit = vi.fn();
    renderForm({ onSubmit });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Title is mandatory')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /What is wrong/ }), { target: { value: 'Leak' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ title: 'Leak', website: '' }), []);
  });

  it('asks about e-mails only when an address is typed and the form offers following', () => {
    renderForm();
    expect(screen.queryByRole('checkbox', { name: 'Keep me informed by e-mail' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Your e-mail' }), { target: { value: 'a@b.test' } });
    expect(screen.getByRole('checkbox', { name: 'Keep me informed by e-mail' })).toBeTruthy();
  });

  it('in the settings preview the inputs work and sending is off', () => {
    const onSubmit = vi.fn();
    renderForm({ preview: true, onSubmit });
    fireEvent.change(screen.getByRole('textbox', { name: /What is wrong/ }), { target: { value: 'Leak' } });
    const send = screen.getByRole('button', { name: 'Send report' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a server’s field errors at their fields', () => {
    renderForm({ errors: { reporter_email: 'invalid_email' } });
    expect(screen.getByText('Enter a valid e-mail address.')).toBeTruthy();
  });

  it('keeps the honeypot out of sight and out of the tab order', () => {
    const { container } = renderForm();
    const trap = container.querySelector('input[name="website"]') as HTMLInputElement;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.autocomplete).toBe('off');
    expect(trap.closest('[aria-hidden="true"]')).toBeTruthy();
  });
});

describe('report helpers', () => {
  it('a required photo, category or e-mail format is checked', () => {
    const f = form({
      fields: standard.fields.map((x) =>
        x.key === 'attachments' || x.key === 'category_id' ? { ...x, visible: true, required: true } : x,
      ),
    });
    expect(checkReportValues(f, { ...emptyReportValues, title: 'Leak', reporter_email: 'nope' }, 0)).toEqual({
      attachments: 'required',
      category_id: 'required',
      reporter_email: 'invalid_email',
    });
  });

  it('the multipart form carries the code, the non-empty fields, the photos and the language', () => {
    const photo = new File(['x'], 'leak.png', { type: 'image/png' });
    const data = reportForm(
      { workspace_id: 'CODE' },
      { ...emptyReportValues, title: ' Leak ', category_id: 7, reporter_email: 'a@b.test', follow: false },
      [photo],
      'de',
      true,
    );
    expect(data.get('workspace_id')).toBe('CODE');
    expect(data.get('title')).toBe('Leak');
    expect(data.get('category_id')).toBe('7');
    expect(data.get('description')).toBeNull();
    expect(data.get('follow')).toBe('false');
    expect(data.get('language')).toBe('de');
    expect(data.get('website')).toBe('');
    expect((data.get('attachments[0][file]') as File).name).toBe('leak.png');
    expect(data.get('attachments[0][name]')).toBe('leak.png');
  });

  it('statuses read as the reporter’s stages', () => {
    expect([0, 2, 3, 5, 6, 7, 8, 4].map(publicStage)).toEqual([
      'received',
      'received',
      'received',
      'received',
      'in_progress',
      'review',
      'done',
      'declined',
    ]);
  });
});
