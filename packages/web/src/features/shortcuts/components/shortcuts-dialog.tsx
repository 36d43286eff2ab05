import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { ResponsiveDialog } from "../../../components/responsive-dialog";
import { useTranslation } from "../../../lib/i18n";
import { shortcuts, type Shortcut } from "../lib/shortcut-keys";
import { ShortcutKeys } from "./shortcut-keys";

const groups: readonly Shortcut["group"][] = ["everywhere", "tickets", "composer"];

/** The `?` dialog: every shortcut, from the same list the keys are matched against. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ResponsiveDialog open={open} onClose={onClose} title={t("shortcuts.title")} maxWidth="xs">
      <DialogContent>
        {groups.map((group) => (
          <section key={group}>
            <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
              {t(`shortcuts.groups.${group}`)}
            </Typography>
            <Table size="small">
              <TableBody>
                {shortcuts
                  .filter((shortcut) => shortcut.group === group)
                  .map((shortcut) => (
                    <TableRow key={shortcut.id}>
                      <TableCell sx={{ pl: 0 }}>{t(`shortcuts.actions.${shortcut.id}`)}</TableCell>
                      <TableCell align="right" sx={{ pr: 0 }}>
                        <ShortcutKeys keys={shortcut.keys} />
                      </TableCell>
                    </TableRow>
                  ))}
              </TableBody>
            </Table>
          </section>
        ))}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t("shortcuts.notWhileTyping")}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("shortcuts.close")}</Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
