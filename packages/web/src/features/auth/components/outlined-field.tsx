import { useId, type InputHTMLAttributes, type ReactNode } from "react";

interface OutlinedFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "className" | "value"> {
  label: string;
  value: string;
  /** The problem with the value, shown under the field (the field turns red). */
  error?: string;
  /** A control at the end of the field (the password's show/hide toggle). */
  end?: ReactNode;
}

/**
 * MUI's outlined TextField in plain markup (styles in auth.css), for the login page, which loads
 * no MUI: same floating label, notch, colours and error text, and the same accessible names.
 */
export function OutlinedField({ label, value, error, end, id: givenId, ...input }: OutlinedFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const helperId = `${id}-helper-text`;
  const classes = ["field", value ? "filled" : "", error ? "invalid" : ""].filter(Boolean).join(" ");
  return (
    <div className={classes}>
      <label className="field-label" htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      <div className={end ? "field-box with-end" : "field-box"}>
        <input
          {...input}
          id={id}
          className="field-input"
          value={value}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? helperId : undefined}
        />
        {end && <div className="field-adornment">{end}</div>}
        <fieldset aria-hidden className="field-outline">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {error && (
        <p className="field-helper" id={helperId}>
          {error}
        </p>
      )}
    </div>
  );
}
