import { Select, type SelectProps, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { workspaceOptions } from '../issue-helpers';
import { useWorkspaceChoices } from '../issues-api';

/** GET workspace/flat as a searchable choice, indented by depth in the list; the field shows the plain name. */
export function WorkspaceSelect({
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const workspaces = useWorkspaceChoices();
  const options = useMemo(() => workspaceOptions(workspaces.data ?? [], value), [workspaces.data, value]);
  const depth = useMemo(() => new Map(options.map((o) => [o.value, o.depth])), [options]);
  return (
    <Select
      {...props}
      data={options.map(({ value: v, label }) => ({ value: v, label }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
      renderOption={({ option }) => (
        <Text size="sm" pl={(depth.get(option.value) ?? 0) * 16}>
          {option.label}
        </Text>
      )}
      searchable
      nothingFoundMessage={t('issues.no_results')}
      disabled={props.disabled || workspaces.isPending}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
