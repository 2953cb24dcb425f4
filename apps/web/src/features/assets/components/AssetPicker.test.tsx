import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { readClientSettings, validateIssueForm } from '@workbench/domain';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '../../../i18n';
import { domainFormValues, emptyIssueForm } from '../../issues/issue-helpers';
import { AssetPicker } from './AssetPicker';
import { type AssetSelection, keepAssetSelection, NO_ASSET, workspaceSubtree } from './asset-picker-rules';

// A Site with a Room below it, and a Depot beside them; assets and groups in each.
const WORKSPACES = [
  { id: 1, parent_id: null, name: 'Site' },
  { id: 2, parent_id: 1, name: 'Room' },
  { id: 3, parent_id: null, name: 'Depot' },
];
const BOILER = { id: 10, name: 'Boiler', workspace_id: 1 };
const RADIATOR = { id: 11, name: 'Radiator', workspace_id: 2 };
const PUMP = { id: 12, name: 'Pump', workspace_id: 3 };
const BOILER_ROOM = { id: 20, name: 'Boiler room', workspace_id: 1 };
const DEPOT_STORE = { id: 21, name: 'Depot store', workspace_id: 3 };
const workspaceName = (id: number) => WORKSPACES.find((w) => w.id === id)?.name ?? '';

vi.mock('./use-asset-choices', () => ({
  useAssetChoices: () => ({
    data: [BOILER, RADIATOR, PUMP].map((a) => ({ ...a, workspace_name: workspaceName(a.workspace_id) })),
  }),
  useAssetGroupChoices: () => ({ data: { groups: [BOILER_ROOM, DEPOT_STORE], systems: [] } }),
}));

beforeAll(async () => {
  await setupI18n('en');
});

const HINT = 'Only items of the same workspace can be chosen.';

/** The picker in a form of its own; the last selection it reported is kept in `seen`. */
function Harness({
  workspaceId,
  initial = NO_ASSET,
  required,
  seen,
}: {
  workspaceId: number | null;
  initial?: AssetSelection;
  required?: boolean;
  seen: AssetSelection[];
}) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider env="test">
      <ModalsProvider>
        <AssetPicker
          workspaceId={workspaceId}
          workspaces={WORKSPACES}
          value={value}
          onChange={(next) => {
            seen.push(next);
            setValue(next);
          }}
          required={required}
          errors={required && value.asset_id === null ? { asset_id: 'Asset must be selected' } : {}}
        />
      </ModalsProvider>
    </MantineProvider>
  );
}

const assetInput = () => screen.getByRole('textbox', { name: /^Asset\b(?! group)/ });
const groupInput = () => screen.getByRole('textbox', { name: /Asset group/ });
const openOptions = (input: HTMLElement) => {
  fireEvent.click(input);
  return screen.getAllByRole('option');
};
const clearButtons = () => screen.getAllByRole('button', { name: 'Remove' });
const selected = (value: AssetSelection) => ({
  asset_id: value.asset?.id ?? null,
  asset: value.asset,
  asset_group_id: value.asset_group?.id ?? null,
  asset_group: value.asset_group,
});

describe('AssetPicker: options of the issue workspace', () => {
  it('offers the workspace and the workspaces below it; others are disabled with the hint', () => {
    const seen: AssetSelection[] = [];
    render(<Harness workspaceId={1} seen={seen} />);
    const options = openOptions(assetInput());
    const byName = (name: string) => options.find((o) => o.textContent?.startsWith(name)) as HTMLElement;
    expect(byName('Boiler').getAttribute('data-combobox-disabled')).toBeNull();
    expect(byName('Radiator').getAttribute('data-combobox-disabled')).toBeNull();
    expect(byName('Radiator').textContent).toContain('Room');
    expect(byName('Pump').getAttribute('data-combobox-disabled')).toBe('true');
    expect(byName('Pump').textContent).toContain(HINT);
    // A disabled option cannot be chosen.
    fireEvent.click(byName('Pump'));
    expect(seen).toEqual([]);
    fireEvent.click(byName('Radiator'));
    expect(seen.at(-1)).toMatchObject({ asset_id: RADIATOR.id, asset: RADIATOR });
  });

  it('groups follow the same rule', () => {
    const seen: AssetSelection[] = [];
    render(<Harness workspaceId={2} seen={seen} />);
    const options = openOptions(groupInput());
    // The Room is below the Site: the Site's group is of another workspace for an issue there.
    expect(options.map((o) => o.getAttribute('data-combobox-disabled'))).toEqual(['true', 'true']);
    expect(within(options[0] as HTMLElement).getByText(HINT)).toBeTruthy();
  });

  it('without a workspace nothing can be chosen yet', () => {
    render(<Harness workspaceId={null} seen={[]} />);
    expect(assetInput().hasAttribute('disabled')).toBe(true);
    expect(groupInput().hasAttribute('disabled')).toBe(true);
  });
});

describe('AssetPicker: the workspace changes', () => {
  const chosen = {
    asset_id: BOILER.id,
    asset: BOILER,
    asset_group_id: BOILER_ROOM.id,
    asset_group: BOILER_ROOM,
  };

  it('clears a choice of another workspace, without asking', () => {
    const seen: AssetSelection[] = [];
    const { rerender } = render(<Harness workspaceId={1} initial={chosen} seen={seen} />);
    expect(seen).toEqual([]);
    rerender(<Harness workspaceId={3} initial={chosen} seen={seen} />);
    expect(seen.at(-1)).toEqual(NO_ASSET);
    expect(screen.queryByText('Remove the asset?')).toBeNull();
  });

  it('keeps what still fits: a move to the workspace above keeps a choice of the one below', () => {
    const inRoom = { asset_id: RADIATOR.id, asset: RADIATOR, asset_group_id: null, asset_group: null };
    const seen: AssetSelection[] = [];
    const { rerender } = render(<Harness workspaceId={2} initial={inRoom} seen={seen} />);
    rerender(<Harness workspaceId={1} initial={inRoom} seen={seen} />);
    expect(seen).toEqual([]);
  });

  it('keepAssetSelection: asset and group judged each on its own; an asset of unknown workspace stays', () => {
    const site = workspaceSubtree(WORKSPACES, 1);
    const room = workspaceSubtree(WORKSPACES, 2);
    expect([...(site ?? [])].sort()).toEqual([1, 2]);
    expect(keepAssetSelection(chosen, site)).toBe(chosen);
    expect(keepAssetSelection(chosen, room)).toEqual(NO_ASSET);
    const mixed = { ...chosen, asset: RADIATOR, asset_id: RADIATOR.id };
    expect(keepAssetSelection(mixed, room)).toEqual({
      ...selected(mixed),
      asset_group_id: null,
      asset_group: null,
    });
    const hidden = { asset_id: 99, asset: null, asset_group_id: null, asset_group: null };
    expect(keepAssetSelection(hidden, room)).toBe(hidden);
  });
});

describe('AssetPicker: removing', () => {
  const chosen = {
    asset_id: BOILER.id,
    asset: BOILER,
    asset_group_id: BOILER_ROOM.id,
    asset_group: BOILER_ROOM,
  };

  it('asks first, then clears asset and group; cancelling keeps both', async () => {
    const seen: AssetSelection[] = [];
    render(<Harness workspaceId={1} initial={chosen} seen={seen} />);
    const [clearAsset] = clearButtons();
    fireEvent.click(clearAsset as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('The asset and the asset group are removed from this issue.'),
    ).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    });
    expect(seen).toEqual([]);

    const [, clearGroup] = clearButtons();
    fireEvent.click(clearGroup as HTMLElement);
    const again = await screen.findByRole('dialog');
    await act(async () => {
      fireEvent.click(within(again).getByRole('button', { name: 'Remove' }));
    });
    expect(seen).toEqual([NO_ASSET]);
  });
});

describe('is_asset_required', () => {
  it('marks the asset required and shows its error', () => {
    render(<Harness workspaceId={1} required seen={[]} />);
    expect(screen.getByText('Asset must be selected')).toBeTruthy();
    expect((assetInput() as HTMLInputElement).required).toBe(true);
    expect((groupInput() as HTMLInputElement).required).toBe(false);
  });

  it('the form rule reads the chosen asset: required without one, met with one', () => {
    const settings = { ...readClientSettings({}), is_asset_required: true };
    const form = { ...emptyIssueForm({ workspaceId: 1 }), title: 'Boiler leaks' };
    const check = (values: typeof form) =>
      validateIssueForm(
        domainFormValues(values),
        settings,
        { role: 'user' },
        { now: new Date(), is_new: true },
      );
    expect(check(form)).toEqual({ asset_id: 'asset_required' });
    expect(check({ ...form, asset_id: BOILER.id, asset: BOILER })).toEqual({});
  });
});
