import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import { Fragment, useMemo, type ReactNode } from "react";
import { parseFormatting, type FormatNode } from "../lib/whatsapp-format";

function render(nodes: readonly FormatNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case "text":
        return <Fragment key={index}>{node.text}</Fragment>;
      case "link":
        return (
          <Link key={index} href={node.href} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: "break-all" }}>
            {node.text}
          </Link>
        );
      case "mono":
        return (
          <Box key={index} component="code" sx={{ fontFamily: "monospace", fontSize: "0.9em" }}>
            {node.text}
          </Box>
        );
      case "bold":
        return <strong key={index}>{render(node.children)}</strong>;
      case "italic":
        return <em key={index}>{render(node.children)}</em>;
      case "strike":
        return <s key={index}>{render(node.children)}</s>;
    }
  });
}

/** A message text with WhatsApp formatting, built as React nodes (never as HTML). */
export function FormattedText({ text }: { text: string }) {
  const nodes = useMemo(() => parseFormatting(text), [text]);
  return (
    <Box component="span" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
      {render(nodes)}
    </Box>
  );
}
