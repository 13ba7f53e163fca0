"""The benchmark comparison reads figures from any command's lines and sets each
next to the reference's, as a ratio of medians."""

from devtools import bench_compare

REF_RUNS = [
    "frames 2835  average bytes 6200  render mean 300 us\n  ... 10/20 hands\n",
    "frames 2835  average bytes 6200  render mean 310 us\n",
    "frames 2835  average bytes 6200  render mean 900 us\n",
]
NEW_RUNS = [
    "frames 2835  average bytes 1550  render mean 150 us\n",
    "frames 2835  average bytes 1550  render mean 155 us\n",
    "frames 2835  average bytes 1550  render mean 160 us\n",
]


def test_it_compares_the_medians_of_each_number_of_a_line():
    (line,) = [x for x in bench_compare.compare("frames", REF_RUNS, NEW_RUNS) if "bytes" in x]
    # bytes 6200 -> 1550 is x0.25; the render's median 310 -> 155 is x0.50 (the 900 us
    # outlier of one reference run does not count); the unchanged frame count shows none
    assert "average bytes 1550" in line and "render mean 155 us" in line
    assert line.endswith("[x0.25 x0.50]")


def test_a_line_matches_whatever_widths_its_numbers_are_printed_in():
    assert bench_compare.label("adapter :     8962 hands/s") == bench_compare.label(
        "adapter :    10234 hands/s"
    )


def test_progress_lines_and_lines_without_numbers_are_not_figures():
    figures = bench_compare.medians(["  ... 10/20 hands\nno figures here\n"])
    assert figures == {}


def test_a_figure_missing_from_the_reference_is_said_so():
    lines = bench_compare.compare("x", ["old figure 1\n"], ["new figure 2\n"])
    assert lines[-1].endswith("(not in the reference)")
