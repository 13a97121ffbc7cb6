package main

// A minimal XML property list reader and writer: enough for Info.plist and
// _CodeSignature/CodeResources (dict, array, key, string, data, true, false,
// integer, real).

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// plistReal is a <real> value, kept as its text.
type plistReal string

// parsePlist reads an XML property list into map[string]any, []any, string,
// []byte, bool and plistReal (integers too) values.
func parsePlist(b []byte) (any, error) {
	d := xml.NewDecoder(bytes.NewReader(b))
	d.Strict = true
	for {
		tok, err := d.Token()
		if err != nil {
			return nil, fmt.Errorf("property list: %w", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			if se.Name.Local != "plist" {
				return nil, fmt.Errorf("property list: root element <%s>, want <plist>", se.Name.Local)
			}
			v, end, err := plistValue(d)
			if err != nil {
				return nil, fmt.Errorf("property list: %w", err)
			}
			if end {
				return nil, errors.New("property list: empty <plist>")
			}
			return v, nil
		}
	}
}

// plistValue reads the next value; end reports the end of the enclosing element instead.
func plistValue(d *xml.Decoder) (v any, end bool, err error) {
	for {
		tok, err := d.Token()
		if err != nil {
			return nil, false, err
		}
		switch t := tok.(type) {
		case xml.EndElement:
			return nil, true, nil
		case xml.StartElement:
			switch t.Name.Local {
			case "dict":
				m := map[string]any{}
				for {
					tok, err := nextElement(d)
					if err != nil {
						return nil, false, err
					}
					if tok == nil {
						return m, false, nil
					}
					if tok.Name.Local != "key" {
						return nil, false, fmt.Errorf("<%s> where a <key> belongs", tok.Name.Local)
					}
					var k string
					if err := d.DecodeElement(&k, tok); err != nil {
						return nil, false, err
					}
					v, end, err := plistValue(d)
					if err != nil {
						return nil, false, err
					}
					if end {
						return nil, false, fmt.Errorf("key %q without a value", k)
					}
					m[k] = v
				}
			case "array":
				var a []any
				for {
					v, end, err := plistValue(d)
					if err != nil {
						return nil, false, err
					}
					if end {
						return a, false, nil
					}
					a = append(a, v)
				}
			case "true", "false":
				if err := d.Skip(); err != nil {
					return nil, false, err
				}
				return t.Name.Local == "true", false, nil
			case "string", "data", "integer", "real", "date":
				var s string
				if err := d.DecodeElement(&s, &t); err != nil {
					return nil, false, err
				}
				switch t.Name.Local {
				case "string", "date":
					return s, false, nil
				case "data":
					b, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(s), ""))
					if err != nil {
						return nil, false, fmt.Errorf("<data>: %w", err)
					}
					return b, false, nil
				}
				return plistReal(strings.TrimSpace(s)), false, nil
			default:
				return nil, false, fmt.Errorf("unknown element <%s>", t.Name.Local)
			}
		}
	}
}

// nextElement returns the next start element, or nil at the enclosing end.
func nextElement(d *xml.Decoder) (*xml.StartElement, error) {
	for {
		tok, err := d.Token()
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			return &t, nil
		case xml.EndElement:
			return nil, nil
		}
	}
}

// writePlist writes v as an XML property list the way Apple's tools lay one
// out: tabs, dictionary keys in byte order.
func writePlist(w io.Writer, v any) error {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
`)
	if err := plistWrite(&b, v, 0); err != nil {
		return err
	}
	b.WriteString("</plist>\n")
	_, err := w.Write(b.Bytes())
	return err
}

func plistWrite(b *bytes.Buffer, v any, depth int) error {
	indent := strings.Repeat("\t", depth)
	switch v := v.(type) {
	case map[string]any:
		b.WriteString(indent + "<dict>\n")
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			fmt.Fprintf(b, "%s\t<key>%s</key>\n", indent, xmlEscape(k))
			if err := plistWrite(b, v[k], depth+1); err != nil {
				return err
			}
		}
		b.WriteString(indent + "</dict>\n")
	case bool:
		fmt.Fprintf(b, "%s<%t/>\n", indent, v)
	case string:
		fmt.Fprintf(b, "%s<string>%s</string>\n", indent, xmlEscape(v))
	case plistReal:
		fmt.Fprintf(b, "%s<real>%s</real>\n", indent, v)
	case []byte:
		fmt.Fprintf(b, "%s<data>\n%s%s\n%s</data>\n", indent, indent, base64.StdEncoding.EncodeToString(v), indent)
	default:
		return fmt.Errorf("property list: cannot write a %T", v)
	}
	return nil
}

func xmlEscape(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}
