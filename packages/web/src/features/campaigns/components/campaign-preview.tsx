import type { Contact } from "@atendo/contracts";
import VisibilityIcon from "@mui/icons-material/Visibility";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "../../../lib/i18n";
import { previewCampaign } from "../api/campaigns.api";
import { useContactSearch } from "../hooks/use-contact-search";

interface CampaignPreviewProps {
  /** The message as typed now. */
  body: string;
  contact: Contact | null;
  onContact: (contact: Contact | null) => void;
}

/** The message as one chosen contact will read it (variables replaced by the server), before starting. */
export function CampaignPreview({ body, contact, onContact }: CampaignPreviewProps) {
  const { t } = useTranslation();
  const search = useContactSearch();
  const preview = useMutation({ mutationFn: ({ text, contactId }: { text: string; contactId: number }) => previewCampaign(text, contactId) });
  const canPreview = contact !== null && body.trim() !== "";
  return (
    <Box>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center" }}>
        <Autocomplete<Contact>
          {...search}
          value={contact}
          onChange={(_event, chosen) => {
            onContact(chosen);
            preview.reset();
          }}
          sx={{ flex: "1 1 16rem", minWidth: 0 }}
          renderInput={(params) => <TextField {...params} label={t("campaigns.preview.contact")} />}
        />
        <Button
          variant="outlined"
          startIcon={<VisibilityIcon />}
          disabled={!canPreview}
          loading={preview.isPending}
          onClick={() => contact && preview.mutate({ text: body, contactId: contact.id })}
        >
          {t("campaigns.preview.button")}
        </Button>
      </Box>
      <Box aria-live="polite">
        {preview.data && (
          <Paper variant="outlined" sx={{ mt: 1.5, p: 1.5, bgcolor: "action.hover", whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
              {t("campaigns.preview.as", { name: contact?.name ?? "" })}
            </Typography>
            <Typography variant="body2">{preview.data.body}</Typography>
          </Paper>
        )}
      </Box>
    </Box>
  );
}
