package io.cake.bench.report;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Base64;
import java.util.List;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.Image;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.AttributeProvider;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * report.html: report.md rendered as one self-contained page, its PNG plots inlined as data URIs,
 * so the file opens in a browser on its own (mailed, attached to an issue, copied off a server).
 * The markdown stays the source: one report, two renderings.
 */
public final class HtmlReport {
  private static final String STYLE =
      "body{font-family:sans-serif;max-width:75em;margin:2em auto;padding:0 1em;line-height:1.4}"
          + "table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #bbb;padding:.25em .6em}"
          + "th{background:#eee}td{text-align:right}td:first-child{text-align:left}img{max-width:100%}"
          + "code{background:#f4f4f4;padding:0 .2em}";

  private HtmlReport() {}

  /** Writes {@code dir}/report.html from {@code dir}/report.md; returns the file. */
  public static File write(File dir) throws IOException {
    String md = Files.readString(new File(dir, "report.md").toPath(), StandardCharsets.UTF_8);
    File out = new File(dir, "report.html");
    Files.writeString(out.toPath(), render(md, dir), StandardCharsets.UTF_8);
    return out;
  }

  static String render(String markdown, File dir) {
    List<org.commonmark.Extension> ext = List.of(TablesExtension.create());
    Node doc = Parser.builder().extensions(ext).build().parse(markdown);
    AttributeProvider inline = (node, tag, attrs) -> {
      if (node instanceof Image img) {
        File png = new File(dir, img.getDestination());
        if (png.isFile()) {
          try {
            attrs.put("src", "data:image/png;base64," + Base64.getEncoder().encodeToString(Files.readAllBytes(png.toPath())));
          } catch (IOException e) {
            attrs.put("alt", img.getDestination() + " (unreadable: " + e.getMessage() + ")");
          }
        }
      }
    };
    String body = HtmlRenderer.builder().extensions(ext).attributeProviderFactory(c -> inline).build().render(doc);
    String title = markdown.lines().filter(l -> l.startsWith("# ")).findFirst().map(l -> l.substring(2)).orElse("Cake benchmark report");
    return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + escape(title) + "</title><style>" + STYLE
        + "</style></head><body>\n" + body + "</body></html>\n";
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
