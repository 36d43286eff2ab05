import { businessHoursFields, type WeeklyHours } from "@atendo/contracts";
import Stack from "@mui/material/Stack";
import { Controller, useWatch, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { useTranslation } from "../lib/i18n";
import { fieldBinding } from "../lib/form";
import { BusinessHoursField } from "./business-hours-field";
import { FormTextField, type FormFields } from "./form-text-field";

type HoursValues = FieldValues & { businessHours: WeeklyHours | null; outOfHoursMessage: string };

/** A queue's or a connection's opening hours and, when it has some, what customers are told outside them. */
export function BusinessHoursFields<T extends HoursValues, TOut>({ form }: { form: FormFields<T> & { control: Control<T, unknown, TOut> } }) {
  const { t } = useTranslation();
  const hoursName = "businessHours" as FieldPath<T>;
  const hours = useWatch({ control: form.control, name: hoursName }) as WeeklyHours | null;
  return (
    <Stack spacing={2}>
      <Controller control={form.control} name={hoursName} render={({ field }) => <BusinessHoursField {...fieldBinding<WeeklyHours | null>(field)} />} />
      {hours && (
        <FormTextField
          form={form}
          name={"outOfHoursMessage" as FieldPath<T>}
          label={t("businessHours.message")}
          multiline
          minRows={2}
          maxRows={8}
          helperText={t("businessHours.messageHint")}
          slotProps={{ htmlInput: { maxLength: businessHoursFields.outOfHoursMessage.maxLength ?? undefined } }}
        />
      )}
    </Stack>
  );
}
