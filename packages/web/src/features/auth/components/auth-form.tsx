import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import type { StackedFormProps } from "../../../components/stacked-form";

interface AuthFormProps extends StackedFormProps {
  /** The large button under the fields ("Sign up", "Send link"…). */
  submitLabel: string;
}

/** The form of a page outside the app (sign-up, forgotten and new password): its fields, then one large button. */
export function AuthForm({ onSubmit, submitLabel, pending, children }: AuthFormProps) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack spacing={2}>
        {children}
        <Button type="submit" variant="contained" size="large" loading={pending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
