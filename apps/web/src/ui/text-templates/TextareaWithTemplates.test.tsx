import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import type { TextTemplateSuggestion } from '@workbench/domain';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '../../i18n';
import { TextareaWithTemplates } from './TextareaWithTemplates';

// The templates the organisation has (the hook reads them from the config call and the client setting).
let templates: TextTemplateSuggestion[] = [];
vi.mock('../../features/text-templates/text-templates-api', () => ({
  useTextTemplateSuggestions: () => templates,
}));

function Field({ maxLength }: { maxLength?: number }) {
  const [value, setValue] = useState('');
  return (
    <MantineProvider env="test">
      <TextareaWithTemplates aria-label="Comment" value={value} onChange={setValue} maxLength={maxLength} />
    </MantineProvider>
  );
}

const type = (text: string) => {
  const box = screen.getByLabelText('Comment') as HTMLTextAreaElement;
  fireEvent.change(box, { target: { value: text } });
  box.setSelectionRange(text.length, text.length);
  fireEvent.select(box);
  return box;
};
const options = () => screen.queryAllByRole('option').map((o) => o.textContent);

beforeAll(async () => {
  await setupI18n('en');
});
beforeEach(() => {
  templates = [
    { id: 1, text: 'Replaced the seal.', category: { id: 1, name: 'Plumbing', color: null } },
    { id: 2, text: 'Cleaned the floor.', category: null },
    { id: 3, text: 'Seal replaced on the pump.', category: null },
  ];
});

describe('TextareaWithTemplates', () => {
  it('suggests after 3 characters by substring, case ignored, and inserts the chosen one with the keyboard', () => {
    render(<Field />);
    type('Done. re');
    expect(options()).toEqual([]);
    const box = type('Done. REP');
    expect(options()).toEqual(['Replaced the seal.Plumbing', 'Seal replaced on the pump.']);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('Done. Seal replaced on the pump.');
    expect(options()).toEqual([]);
  });

  it('picks with a click, closes with Escape, and cuts the text to the maximum length', () => {
    render(<Field maxLength={12} />);
    const box = type('clea');
    expect(options()).toEqual(['Cleaned the floor.']);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(options()).toEqual([]);
    type('clean');
    fireEvent.click(screen.getByRole('option'));
    expect(box.value).toBe('Cleaned the ');
  });

  it('is a plain text area without templates (none, or the setting is off)', () => {
    templates = [];
    render(<Field />);
    const box = type('Replaced');
    expect(options()).toEqual([]);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('Replaced');
  });
});
