import { TextField } from '@radix-ui/themes';
import { FormField } from '@/ui/form-field.tsx';
import { PASSWORD_RULE } from './model/new-password.ts';

interface NewPasswordFieldsProps {
  password: string;
  repeated: string;
  onPassword(value: string): void;
  onRepeated(value: string): void;
  disabled?: boolean;
}

/** A new password and its repetition, with the rule below (a password manager offers one). */
export function NewPasswordFields({
  password,
  repeated,
  onPassword,
  onRepeated,
  disabled,
}: NewPasswordFieldsProps) {
  return (
    <>
      <FormField label="New password" note={PASSWORD_RULE}>
        {(control) => (
          <TextField.Root
            {...control}
            type="password"
            name="new-password"
            autoComplete="new-password"
            required
            value={password}
            disabled={disabled}
            onChange={(event) => onPassword(event.target.value)}
          />
        )}
      </FormField>
      <FormField label="Repeat the password">
        {(control) => (
          <TextField.Root
            {...control}
            type="password"
            name="repeat-password"
            autoComplete="new-password"
            required
            value={repeated}
            disabled={disabled}
            onChange={(event) => onRepeated(event.target.value)}
          />
        )}
      </FormField>
    </>
  );
}
