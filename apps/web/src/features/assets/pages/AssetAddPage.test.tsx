import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '../../../i18n';
import { assetKeys } from '../assets-api';
import { emptyAssetForm, saveAssetDraft } from '../form-values';
import { AssetAddPage } from './AssetAddPage';

// Site (1) > Boiler house (2); Depot (3). A group on the Site and one in the Depot.
const flat = [
  {
    id: 1,
    parent_id: null,
    name: 'Site',
    reference_number: null,
    archived: false,
    depth: 0,
    path: [],
    my_role: 'manager',
    can_edit: true,
  },
  {
    id: 2,
    parent_id: 1,
    name: 'Boiler house',
    reference_number: null,
    archived: false,
    depth: 1,
    path: [],
    my_role: 'manager',
    can_edit: true,
  },
  {
    id: 3,
    parent_id: null,
    name: 'Depot',
    reference_number: null,
    archived: false,
    depth: 0,
    path: [],
    my_role: 'manager',
    can_edit: true,
  },
];
const options = {
  groups: [
    { id: 10, name: 'Site boilers', workspace_id: 1 },
    { id: 30, name: 'Depot pumps', workspace_id: 3 },
  ],
  systems: [{ id: 5, name: 'Heating' }],
  models: [],
  manufacturers: [],
  managers: [],
};

beforeAll(async () => {
  await setupI18n('en');
});
beforeEach(() => {
  sessionStorage.clear();
  // Nothing reaches a server: the screen works from the cached answers below.
  vi.stubGlobal('fetch', () => new Promise(() => {}));
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['workspaces', 'flat'], flat);
  client.setQueryData(assetKeys.filterOptions, options);
  for (const id of [null, 1, 2, 3]) {
    client.setQueryData(assetKeys.people(id), {
      data: [],
      current_page: 1,
      last_page: 1,
      per_page: 200,
      from: null,
      to: null,
      total: 0,
    });
  }
  render(
    <MantineProvider env="test">
      <ModalsProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/dashboard/assets/add']}>
            <AssetAddPage />
          </MemoryRouter>
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
}

const workspaceInput = () => screen.getByRole('textbox', { name: /^Workspace/ });
const groupInput = () => screen.getByRole('textbox', { name: /^Group/ });
const choose = (input: HTMLElement, name: string) => {
  fireEvent.click(input);
  fireEvent.click(screen.getByRole('option', { name }));
};

describe('the asset add screen', () => {
  it('says which fields are missing instead of sending', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Create asset' }));
    const name = screen.getByRole('textbox', { name: /^Name/ });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    // Typing in a field takes its message away.
    fireEvent.change(name, { target: { value: 'Boiler 1' } });
    expect(screen.getAllByText('This field is required.')).toHaveLength(1);
  });

  it('offers only the groups of the workspace or above it, and clears one that no longer fits', () => {
    saveAssetDraft({ ...emptyAssetForm(2), name: 'Boiler 1', group_id: 10 });
    renderPage();
    expect((groupInput() as HTMLInputElement).value).toBe('Site boilers');
    fireEvent.click(groupInput());
    const depot = screen.getByRole('option', { name: /Depot pumps/ });
    expect(depot.getAttribute('data-combobox-disabled')).toBe('true');
    expect(within(depot).getByText('Only items of the same workspace can be chosen.')).toBeTruthy();
    fireEvent.keyDown(groupInput(), { key: 'Escape' });

    choose(workspaceInput(), 'Depot');
    expect((groupInput() as HTMLInputElement).value).toBe('');
    // Back in the Site's tree, the Site's group fits again (chosen anew).
    choose(workspaceInput(), 'Boiler house');
    choose(groupInput(), 'Site boilers');
    expect((groupInput() as HTMLInputElement).value).toBe('Site boilers');
  });

  it('keeps what was typed when the person leaves and comes back', () => {
    renderPage();
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Lift 3' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Serial number' }), { target: { value: 'SN-9' } });
    cleanup();
    renderPage();
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Lift 3');
    expect((screen.getByRole('textbox', { name: 'Serial number' }) as HTMLInputElement).value).toBe('SN-9');
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('');
    expect(sessionStorage.getItem('workbench.asset-draft')).toBeNull();
  });
});
