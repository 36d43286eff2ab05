import { queueColorPresets, type Tag } from "@atendo/contracts";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { EntityDialog } from "../../../components/entity-dialog";
import { EntityListPage, type EntityColumns } from "../../../components/entity-list-page";
import { useTranslation } from "../../../lib/i18n";
import { useDialogTarget } from "../../../lib/use-dialog-target";
import { tagsResource, tagUsageQueryOptions } from "../api/tags.queries";
import { TagChip } from "./tag-chip";
import { TagForm } from "./tag-form";

/** The tag as its chip (name on its colour), and its colour's hex. */
function useColumns(): EntityColumns<Tag> {
  const { t } = useTranslation();
  return [
    { header: t("tags.name"), cellTitle: (tag) => tag.name, cell: (tag) => <TagChip tag={tag} sx={{ maxWidth: "100%" }} /> },
    {
      header: t("tags.color"),
      width: 110,
      cell: (tag) => (
        <Typography variant="body2" sx={{ fontFamily: "ui-monospace, Menlo, Consolas, monospace" }}>
          {tag.color}
        </Typography>
      ),
    },
  ];
}

/** The delete confirmation: what deleting takes the tag off, counted when it opens. */
function useDeleteText(tag: Tag | null): string {
  const { t } = useTranslation();
  const usage = useQuery({ ...tagUsageQueryOptions(tag?.id ?? 0), enabled: tag !== null, meta: { silent: true } });
  if (!usage.data) return `${t("tags.deleteText")} ${usage.isError ? "" : t("tags.countingUsage")}`.trim();
  return `${t("tags.deleteText")} ${t("tags.usage", { tickets: t("tags.tickets", { count: usage.data.tickets }), contacts: t("tags.contacts", { count: usage.data.contacts }) })}`;
}

/** /tags (admins): the labels everyone puts on tickets and contacts (issue 29, docs/decisions/0072). */
export function TagsPage() {
  const query = tagsResource.useList({ silent: true });
  const deletion = tagsResource.useDelete();
  const editing = useDialogTarget<Tag | null>();
  const deleting = useDialogTarget<Tag>();
  const deleteText = useDeleteText(deleting.open ? (deleting.target ?? null) : null);
  const tags = query.data ?? [];

  return (
    <EntityListPage
      texts="tags"
      title="pages.tags"
      list={{ items: tags, listProps: { query, isEmpty: tags.length === 0 } }}
      add={() => editing.show(null)}
      useColumns={useColumns}
      onEdit={editing.show}
      deletion={deletion}
      deleteTarget={deleting}
      deleteText={deleteText}
    >
      <EntityDialog open={editing.open} onClose={editing.close} texts="tags" id={editing.target?.id ?? null}>
        {() => (
          <TagForm tag={editing.target ?? null} nextColor={queueColorPresets[tags.length % queueColorPresets.length] ?? queueColorPresets[0]} onClose={editing.close} />
        )}
      </EntityDialog>
    </EntityListPage>
  );
}
