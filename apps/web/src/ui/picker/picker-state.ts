import { validateNewPersonEntries } from '@workbench/domain';

/** The picker modal's steps (000 §4 "Picker modal steps"). */
export type PickerStep = 'list' | 'addUser' | 'addCollaborator' | 'addToWorkspace' | 'addSuccess';
export type PickerTab = 'employees' | 'externals';
export type PickerMode = 'single' | 'multi';

/** A person in the picker list (users/filter-mix or users/filter-mix-collabs). */
export type PickerPerson = {
  id: number;
  full_name: string;
  email: string;
  profile_image: string | null;
  isNotInWorkspace: boolean;
  company?: { id: number; name: string; logo: string | null };
};

export type PickerState = {
  mode: PickerMode;
  step: PickerStep;
  tab: PickerTab;
  search: string;
  selected: PickerPerson[];
  /** Between the success tick closing and the list reopening, the modal is hidden. */
  hidden: boolean;
};

export type PickerAction =
  | { type: 'toggle'; person: PickerPerson }
  | { type: 'tab'; tab: PickerTab }
  | { type: 'search'; search: string }
  | { type: 'openAddUser' }
  | { type: 'openAddCollaborator' }
  | { type: 'back' }
  | { type: 'confirmAddToWorkspace' }
  | { type: 'addedToWorkspace' }
  | { type: 'created'; people: PickerPerson[] }
  | { type: 'successClosed' }
  | { type: 'reopen' }
  | { type: 'reset'; selected: PickerPerson[] };

export function initialPickerState(mode: PickerMode, selected: PickerPerson[] = []): PickerState {
  return {
    mode,
    step: 'list',
    tab: 'employees',
    search: '',
    selected: mode === 'single' ? selected.slice(0, 1) : selected,
    hidden: false,
  };
}

/** Single mode: picking the selected person again deselects; multi mode toggles each person. */
export function toggleSelection(
  mode: PickerMode,
  selected: PickerPerson[],
  person: PickerPerson,
): PickerPerson[] {
  const isSelected = selected.some((p) => p.id === person.id);
  if (mode === 'single') return isSelected ? [] : [person];
  return isSelected ? selected.filter((p) => p.id !== person.id) : [...selected, person];
}

export function pickerReducer(state: PickerState, action: PickerAction): PickerState {
  switch (action.type) {
    case 'toggle':
      return { ...state, selected: toggleSelection(state.mode, state.selected, action.person) };
    case 'tab':
      return { ...state, tab: action.tab, search: '' };
    case 'search':
      return { ...state, search: action.search };
    case 'openAddUser':
      return { ...state, step: 'addUser' };
    case 'openAddCollaborator':
      return { ...state, step: 'addCollaborator' };
    case 'back':
      return { ...state, step: 'list' };
    case 'confirmAddToWorkspace':
      return { ...state, step: 'addToWorkspace' };
    case 'addedToWorkspace':
      // Everybody selected is in the workspace now.
      return {
        ...state,
        step: 'addSuccess',
        selected: state.selected.map((p) => ({ ...p, isNotInWorkspace: false })),
      };
    case 'created': {
      let selected = state.selected;
      for (const person of action.people) {
        if (!selected.some((p) => p.id === person.id)) {
          selected = state.mode === 'single' ? [person] : [...selected, person];
        }
      }
      return { ...state, step: 'addSuccess', selected };
    }
    case 'successClosed':
      return { ...state, step: 'list', hidden: true };
    case 'reopen':
      return { ...state, hidden: false };
    case 'reset':
      return initialPickerState(state.mode, action.selected);
  }
}

/** What Done does: nothing without a selection; ask to add people first; or finish. */
export function doneOutcome(
  selected: ReadonlyArray<PickerPerson>,
  workspaceId: number | undefined,
): 'disabled' | 'addToWorkspace' | 'finish' {
  if (!selected.length) return 'disabled';
  if (workspaceId !== undefined && selected.some((p) => p.isNotInWorkspace)) return 'addToWorkspace';
  return 'finish';
}

/** The own-organisation people to add to the workspace (externals are added through their collaboration). */
export function peopleToAdd(selected: ReadonlyArray<PickerPerson>): number[] {
  return selected.filter((p) => p.isNotInWorkspace && !p.company).map((p) => p.id);
}

/** Infinite list: page 1 replaces the data, later pages append (000 §3), without repeating anybody. */
export function mergePage<T extends { id: number }>(existing: T[], page: number, rows: T[]): T[] {
  if (page <= 1) return rows;
  const seen = new Set(existing.map((r) => r.id));
  return [...existing, ...rows.filter((r) => !seen.has(r.id))];
}

/** Picker list height: 300 px when the window is taller than 800 px (000 §9), else the content's. */
export function pickerListHeight(windowHeight: number): number | undefined {
  return windowHeight > 800 ? 300 : undefined;
}

export type UserEntry = { email: string; first_name: string; last_name: string };
export type CollaboratorEntry = { email: string; company_alias: string };

/** Field errors of the create-and-add forms, per entry index and field (same keys as the server's). */
export function entryErrors(
  listName: 'new_users' | 'new_collaborations',
  entries: ReadonlyArray<UserEntry | CollaboratorEntry>,
): Record<string, string> {
  const textFields = listName === 'new_users' ? ['first_name', 'last_name'] : ['company_alias'];
  return validateNewPersonEntries(listName, entries as ReadonlyArray<{ email: string }>, textFields);
}

/**
 * Entries as the server takes them: trimmed, empty optional fields left out. The e-mail always
 * goes (an empty one is refused as required, by its place in the list).
 */
export function cleanEntries<T extends { email: string } & Record<string, string>>(
  entries: ReadonlyArray<T>,
): Array<Pick<T, 'email'> & Partial<T>> {
  return entries.map((entry) => {
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(entry)) {
      const trimmed = value.trim();
      if (trimmed || key === 'email') out[key] = trimmed;
    }
    return out as Pick<T, 'email'> & Partial<T>;
  });
}
