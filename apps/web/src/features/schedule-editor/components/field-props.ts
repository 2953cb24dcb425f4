import type { ScheduleField, ScheduleFormValues } from '../form-values';

/** What each part of the schedule form gets: the values, a setter, the translated field errors. */
export type FieldProps = {
  values: ScheduleFormValues;
  set: <K extends ScheduleField>(key: K, value: ScheduleFormValues[K]) => void;
  fieldError: (field: ScheduleField) => string | undefined;
  readOnly: boolean;
};
