/** What every settings form of a batch tool takes: the current values and a patch callback. */
export interface SettingsFormProps<T> {
  value: T;
  onChange(patch: Partial<T>): void;
  disabled?: boolean;
  /** Prefix of the form's element ids (the batch panel and a photo's override dialog both show one). */
  idPrefix: string;
}
