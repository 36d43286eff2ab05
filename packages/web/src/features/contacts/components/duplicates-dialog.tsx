import type { Contact, DuplicateGroup } from "@atendo/contracts";
import MergeIcon from "@mui/icons-material/MergeType";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import Radio from "@mui/material/Radio";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ResponsiveDialog } from "../../../components/responsive-dialog";
import { errorMessage, toastError } from "../../../lib/error-message";
import { useTranslation } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";
import { getDuplicates, mergeContact } from "../api/contact-tools.api";
import { contactLists } from "../api/contacts.queries";
import { ContactAvatar } from "./contact-avatar";

const duplicatesKey = ["contact-duplicates"] as const;

interface Pair {
  into: Contact;
  from: Contact;
}

const groupKey = (group: DuplicateGroup) => `${group.reason}:${group.key}`;

/** One group: a "Keep" choice per contact, and "Merge into …" on each of the others. */
function GroupCard({ group, keptId, onKeep, onMerge }: { group: DuplicateGroup; keptId: number; onKeep: (id: number) => void; onMerge: (pair: Pair) => void }) {
  const { t } = useTranslation();
  const kept = group.contacts.find((contact) => contact.id === keptId) ?? group.contacts[0]!;
  const title = t(`contactDuplicates.reason.${group.reason}`, { key: group.key });
  return (
    <Box component="section" aria-label={title} sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1.5 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1, overflowWrap: "anywhere" }}>
        {title}
        {group.count > group.contacts.length && ` · ${t("contactDuplicates.shown", { shown: group.contacts.length, count: group.count })}`}
      </Typography>
      <Stack spacing={1}>
        {group.contacts.map((contact) => (
          <Stack key={contact.id} direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
            <Radio
              size="small"
              checked={contact.id === kept.id}
              onChange={() => onKeep(contact.id)}
              slotProps={{ input: { "aria-label": t("contactDuplicates.keep", { name: contact.name }) } }}
            />
            <ContactAvatar contact={contact} />
            <Box sx={{ minWidth: 0, flex: "1 1 10rem" }}>
              <Typography variant="body2" noWrap>
                {contact.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: "block", overflowWrap: "anywhere" }}>
                {[contact.number, contact.email].filter(Boolean).join(" · ")}
              </Typography>
            </Box>
            {contact.id === kept.id ? (
              <Typography variant="caption" color="text.secondary" sx={{ px: 1 }}>
                {t("contactDuplicates.kept")}
              </Typography>
            ) : (
              <Button size="small" startIcon={<MergeIcon />} onClick={() => onMerge({ into: kept, from: contact })}>
                {t("contactDuplicates.merge", { name: kept.name })}
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * The contacts page's "Duplicates" (admins): groups of contacts with the same number or e-mail,
 * the one to keep chosen per group (the oldest by default), and a merge per other contact after a
 * confirmation that says what moves and that it cannot be undone.
 */
export function DuplicatesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const duplicates = useQuery({ queryKey: duplicatesKey, queryFn: ({ signal }) => getDuplicates(1, signal), enabled: open, meta: { silent: true } });
  const [kept, setKept] = useState<Record<string, number>>({});
  const [asking, setAsking] = useState<Pair | null>(null);
  const merging = useMutation({
    mutationFn: ({ into, from }: Pair) => mergeContact(into.id, from.id),
    onSuccess: (_merged, { into, from }) => {
      toast.success(t("contactDuplicates.merged", { from: from.name, into: into.name }));
      void queryClient.invalidateQueries({ queryKey: duplicatesKey });
      void queryClient.invalidateQueries({ queryKey: contactLists.allLists });
    },
    onError: toastError,
  });
  const groups = duplicates.data?.groups ?? [];
  return (
    <ResponsiveDialog open={open} onClose={onClose} title={t("contactDuplicates.title")}>
      <DialogContent dividers>
        {duplicates.isPending ? (
          <Box sx={{ display: "flex", justifyContent: "center", py: 3 }}>
            <CircularProgress aria-label={t("contactDuplicates.loading")} />
          </Box>
        ) : duplicates.isError ? (
          <Alert severity="error">{errorMessage(duplicates.error)}</Alert>
        ) : groups.length === 0 ? (
          <Typography color="text.secondary">{t("contactDuplicates.none")}</Typography>
        ) : (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {t("contactDuplicates.intro")}
            </Typography>
            {groups.map((group) => (
              <GroupCard
                key={groupKey(group)}
                group={group}
                keptId={kept[groupKey(group)] ?? group.contacts[0]!.id}
                onKeep={(id) => setKept((current) => ({ ...current, [groupKey(group)]: id }))}
                onMerge={setAsking}
              />
            ))}
            {duplicates.data?.hasMore && <Typography variant="body2">{t("contactDuplicates.more")}</Typography>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {merging.isPending && <CircularProgress size={20} aria-label={t("contactDuplicates.merging")} />}
        <Button onClick={onClose}>{t("contactDuplicates.close")}</Button>
      </DialogActions>
      <ConfirmDialog
        open={asking !== null}
        title={t("contactDuplicates.confirmTitle", { from: asking?.from.name ?? "", into: asking?.into.name ?? "" })}
        message={t("contactDuplicates.confirmText", { from: asking?.from.name ?? "", into: asking?.into.name ?? "" })}
        confirmLabel={t("contactDuplicates.confirm")}
        danger
        onConfirm={() => asking && merging.mutate(asking)}
        onClose={() => setAsking(null)}
      />
    </ResponsiveDialog>
  );
}
