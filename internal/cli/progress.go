package cli

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progress shows how far a long command (match, tournament, train) has got: a
// redrawn bar when stderr is a terminal, otherwise, into a pipe or a log file
// where carriage-return frames would pile up, a plain line each time another
// tenth of the work is done or a minute has passed, and one at the end.
type progress struct {
	bar   *progressbar.ProgressBar // nil: plain lines to w
	w     io.Writer
	total int
	done  int
	desc  string
	tenth int       // tenths reported so far
	last  time.Time // when the last plain line was written
}

// lineEvery is the longest gap between two plain progress lines.
const lineEvery = time.Minute

// newProgress returns the progress display of total steps on stderr; opts
// style the bar on a terminal.
func newProgress(total int, desc string, opts ...progressbar.Option) *progress {
	if term.IsTerminal(int(os.Stderr.Fd())) {
		opts = append([]progressbar.Option{progressbar.OptionSetWriter(os.Stderr), progressbar.OptionSetDescription(desc)}, opts...)
		return &progress{bar: progressbar.NewOptions(total, opts...), total: total, desc: desc}
	}
	return newPlainProgress(os.Stderr, total, desc)
}

// newPlainProgress returns a progress display of plain lines to w.
func newPlainProgress(w io.Writer, total int, desc string) *progress {
	return &progress{w: w, total: total, desc: desc, last: time.Now()}
}

// Describe changes the text shown beside the count.
func (p *progress) Describe(desc string) {
	p.desc = desc
	if p.bar != nil {
		p.bar.Describe(desc)
	}
}

// restart begins a new stage of total steps described by desc.
func (p *progress) restart(total int, desc string) {
	p.total, p.done, p.tenth = total, 0, 0
	if p.bar != nil {
		p.bar.Reset()
		p.bar.ChangeMax(total)
	}
	p.Describe(desc)
}

// Add records n more steps done.
func (p *progress) Add(n int) { p.Set(p.done + n) }

// Set records that done steps are done.
func (p *progress) Set(done int) {
	p.done = done
	if p.bar != nil {
		p.bar.Set(done)
		return
	}
	tenth := 0
	if p.total > 0 {
		tenth = 10 * done / p.total
	}
	if tenth > p.tenth || time.Since(p.last) >= lineEvery {
		p.tenth = max(p.tenth, tenth)
		p.line()
	}
}

func (p *progress) line() {
	p.last = time.Now()
	pct := 100.0
	if p.total > 0 {
		pct = 100 * float64(p.done) / float64(p.total)
	}
	fmt.Fprintf(p.w, "%s: %d/%d (%.0f%%)\n", p.desc, p.done, p.total, pct)
}

// Finish ends the display: the bar is completed, or a last plain line is
// written unless the last one already showed the total.
func (p *progress) Finish() {
	if p.bar != nil {
		p.bar.Finish()
		return
	}
	if p.tenth < 10 || p.done < p.total {
		p.tenth = 10
		p.line()
	}
}

// writer returns w, wrapped on a terminal so that the bar is erased before
// each write and redrawn after: tables printed during the run do not mix
// with it.
func (p *progress) writer(w io.Writer) io.Writer {
	if p.bar == nil {
		return w
	}
	return barWriter{p.bar, w}
}

// barWriter writes to w with the progress bar erased first and redrawn after.
type barWriter struct {
	bar *progressbar.ProgressBar
	w   io.Writer
}

func (b barWriter) Write(p []byte) (int, error) {
	b.bar.Clear()
	n, err := b.w.Write(p)
	b.bar.RenderBlank()
	return n, err
}
