package io.cake.cli.doctor;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * A Hadoop site file ({@code hbase-site.xml}, {@code hdfs-site.xml}) read without Hadoop, as
 * Hadoop reads it: {@code <property>} elements with a name and a value, a later one winning over an
 * earlier one unless that was {@code <final>}, and {@code ${key}} replaced by another key's value
 * from the same file. What Hadoop would take from elsewhere (an XInclude, a system property) is
 * named in {@link #notes()} rather than guessed.
 */
public record SiteFile(Map<String, String> keys, List<String> notes) {
  private static final Pattern VARIABLE = Pattern.compile("\\$\\{([^}$\\s]+)}");

  public static SiteFile read(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return parse(in);
    }
  }

  static SiteFile parse(InputStream in) throws IOException {
    Document doc;
    try {
      DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
      f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
      f.setExpandEntityReferences(false);
      f.setNamespaceAware(true);
      doc = f.newDocumentBuilder().parse(in);
    } catch (ParserConfigurationException | SAXException e) {
      throw new IOException("not a well-formed site file: " + e.getMessage(), e);
    }
    Element root = doc.getDocumentElement();
    if (!"configuration".equals(root.getLocalName())) {
      throw new IOException("not a Hadoop site file: its root element is <" + root.getLocalName() + ">, not <configuration>");
    }
    Map<String, String> keys = new LinkedHashMap<>();
    Map<String, Boolean> finals = new LinkedHashMap<>();
    List<String> notes = new ArrayList<>();
    NodeList children = root.getChildNodes();
    for (int i = 0; i < children.getLength(); i++) {
      if (!(children.item(i) instanceof Element e)) {
        continue;
      }
      if ("include".equals(e.getLocalName())) {
        notes.add("includes " + e.getAttribute("href") + ", which this check does not read");
        continue;
      }
      if (!"property".equals(e.getLocalName())) {
        continue;
      }
      String name = text(e, "name");
      if (name == null || name.isBlank()) {
        notes.add("a <property> without a <name> is ignored, as Hadoop ignores it");
        continue;
      }
      name = name.trim();
      String value = text(e, "value");
      if (Boolean.TRUE.equals(finals.get(name))) {
        notes.add(name + " is set again after a <final> one: Hadoop keeps the first, '" + keys.get(name) + "'");
        continue;
      }
      if (keys.containsKey(name) && !keys.get(name).equals(value == null ? "" : value)) {
        notes.add(name + " is set twice: the later value, '" + value + "', is the one read");
      }
      keys.put(name, value == null ? "" : value);
      finals.put(name, "true".equals(text(e, "final")));
    }
    return new SiteFile(expand(keys, notes), List.copyOf(notes));
  }

  /** {@code ${key}} from the same file; one left unresolved is kept as it is, as Hadoop keeps it. */
  private static Map<String, String> expand(Map<String, String> keys, List<String> notes) {
    Map<String, String> out = new LinkedHashMap<>();
    keys.forEach((k, v) -> {
      String value = v;
      for (int depth = 0; depth < 20 && value.contains("${"); depth++) {
        Matcher m = VARIABLE.matcher(value);
        if (!m.find() || !keys.containsKey(m.group(1))) {
          break;
        }
        value = value.substring(0, m.start()) + keys.get(m.group(1)) + value.substring(m.end());
      }
      if (value.contains("${") && k.startsWith("cake.")) {
        notes.add(k + " = '" + value + "' names a variable not set in this file: checked as written");
      }
      out.put(k, value);
    });
    return Map.copyOf(out);
  }

  private static String text(Element property, String child) {
    for (Node n = property.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && child.equals(e.getLocalName())) {
        return e.getTextContent();
      }
    }
    return null;
  }
}
