import AttachFileIcon from "@mui/icons-material/AttachFile";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Typography from "@mui/material/Typography";
import { useId, useRef } from "react";
import { useTranslation } from "../../../lib/i18n";
import { formatFileSize } from "../lib/file-size";

interface CsvFileFieldProps {
  file: File | undefined;
  onChange: (file: File) => void;
  /** Why the chosen file cannot be sent (its CsvFileProblem), if it cannot. */
  problem: string | undefined;
}

/**
 * The file picker: a button (keyboard reachable, named) opening the system's picker for CSV
 * files, then the chosen file's name and size, or why it cannot be sent.
 */
export function CsvFileField({ file, onChange, problem }: CsvFileFieldProps) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const helpId = useId();
  const size = file ? formatFileSize(file.size, i18n.language) : "";
  return (
    <FormControl required error={Boolean(problem)} component="fieldset">
      <FormLabel component="legend" id={labelId} sx={{ mb: 1 }}>
        {t("contactImport.file")}
      </FormLabel>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 1.5, rowGap: 1, minWidth: 0 }}>
        <Button
          variant="outlined"
          startIcon={<AttachFileIcon />}
          aria-describedby={helpId}
          onClick={() => input.current?.click()}
          sx={{ flexShrink: 0 }}
        >
          {t(file ? "contactImport.changeFile" : "contactImport.chooseFile")}
        </Button>
        {file && (
          // Beside the button when there is room, else on a line of its own.
          <Typography variant="body2" sx={{ flex: "1 1 12rem", minWidth: 0, overflowWrap: "anywhere" }}>
            {t("contactImport.fileInfo", { name: file.name, size })}
          </Typography>
        )}
      </Box>
      <FormHelperText id={helpId} role={problem ? "alert" : undefined} sx={{ mx: 0 }}>
        {problem ? t(`contactImport.fileProblems.${problem}`, { size }) : t("contactImport.fileRule")}
      </FormHelperText>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        aria-labelledby={labelId}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // Cleared so that choosing the same file again (after fixing it) is seen as a change.
          event.target.value = "";
          if (chosen) onChange(chosen);
        }}
      />
    </FormControl>
  );
}
