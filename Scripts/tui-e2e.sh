#!/usr/bin/env bash
# End-to-end test of friends-tui in a real terminal: tmux runs the built binary at 80x24
# against a fresh data directory, types like a user, and reads the screen back.
#
#   Scripts/tui-e2e.sh          (builds friends-tui and store-stress first)
#
# Steps: log in as the demo account, add a friend (editing a field with Alt keys, which must
# neither close the form nor quit), see a friend that another process adds, click, suspend
# with Ctrl-Z and continue, resize the window, quit with q, and check the terminal came back
# (alternate screen off, echo and canonical mode on); then start again, end it with SIGTERM
# and check the same; then with Ctrl-C (status 130); then Ctrl-Z and `fg` under a shell with
# job control; then with NO_COLOR (dim kept).
# Set FRIENDS_TUI and STORE_STRESS to test other binaries. Exits non-zero with the screen as
# it was when a step fails.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== terminal UI end to end"
# Options for each `swift build` here, from BUILD_OPTIONS (split at spaces): .ci/run passes its
# own, so that nothing it built is built again with other options.
read -ra build_options <<<"${BUILD_OPTIONS:-}"
swift build ${build_options[@]+"${build_options[@]}"} --product friends-tui
swift build ${build_options[@]+"${build_options[@]}"} --product store-stress

if ! command -v tmux >/dev/null 2>&1; then
  echo "tmux is missing; installing it with apt-get"
  if ! { apt-get update -qq && apt-get install -y -qq tmux >/dev/null; }; then
    echo "FAIL: tmux is needed and could not be installed (try: sudo apt-get install tmux)" >&2
    exit 1
  fi
fi

products="$(swift build ${build_options[@]+"${build_options[@]}"} --show-bin-path)"
binary="${FRIENDS_TUI:-$products/friends-tui}"
writer="${STORE_STRESS:-$products/store-stress}"
for program in "$binary" "$writer"; do
  if [ ! -x "$program" ]; then
    echo "FAIL: $program does not exist; build it first with:" \
      "swift build --product $(basename "$program")" >&2
    exit 1
  fi
done

socket="friends-tui-e2e-$$"
data="$(mktemp -d "${TMPDIR:-/tmp}/friends-tui-e2e.XXXXXX")"
tmux_() { tmux -L "$socket" "$@"; }
cleanup() {
  tmux_ kill-server >/dev/null 2>&1 || true
  rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$socket"
  rm -rf "$data"
}
trap cleanup EXIT

screen() { tmux_ capture-pane -p -t "$session"; }

fail() {
  echo "FAIL: $1" >&2
  echo "---- screen ----" >&2
  screen >&2 || true
  echo "----------------" >&2
  exit 1
}

# Waits up to 5 s for the screen to contain the fixed string $1.
wait_for() {
  local tries=0
  until screen | grep -qF -- "$1"; do
    tries=$((tries + 1))
    [ "$tries" -lt 100 ] || fail "the screen never showed \"$1\" ($2)"
    sleep 0.05
  done
}

type_text() { tmux_ send-keys -t "$session" -l "$1"; }
press() { tmux_ send-keys -t "$session" "$@"; }

# Each run goes through a small sh script (no job control, so nothing but the TUI touches the
# terminal): it runs friends-tui, then writes its exit status and the terminal's echo and
# canonical modes to a file, and keeps the pane open.
cat >"$data/run.sh" <<'RUN'
#!/bin/sh
"$1" --data-dir "$2"
status=$?
modes=$(stty -a | tr ' ;' '\n\n' | grep -xE -- '-?(echo|icanon)' | tr '\n' ' ')
echo "exit=$status modes: $modes" >"$3"
exec sleep 600
RUN
chmod +x "$data/run.sh"

# Starts friends-tui in a new 80x24 session named $1, which the other steps then use.
# A second argument adds one VARIABLE=value to the program's environment.
session=""
launch() {
  session="$1"
  rm -f "$data/result"
  tmux_ -f /dev/null new-session -d -s "$session" -x 80 -y 24 \
    "env -i PATH='$PATH' TERM=xterm-256color HOME='$data' ${2:-} '$data/run.sh' '$binary' '$data/friends' '$data/result'"
  tmux_ set-option -t "$session" status off >/dev/null
}

# Checks that the TUI ended with status $2 and gave the terminal back: main screen, echo and
# canonical input on.
check_restored() {
  local step="$1" status="$2" tries=0
  until [ -s "$data/result" ]; do
    tries=$((tries + 1))
    [ "$tries" -lt 100 ] || fail "$step: the program did not end"
    sleep 0.05
  done
  local result
  result="$(cat "$data/result")"
  case "$result" in
    "exit=$status modes: "*) ;;
    *) fail "$step: expected exit status $status, got: $result" ;;
  esac
  case " $result " in
    *" -echo "* | *" -icanon "*) fail "$step: the terminal was left raw ($result)" ;;
  esac
  case " $result " in *" echo "*) ;; *) fail "$step: echo is not on ($result)" ;; esac
  case " $result " in *" icanon "*) ;; *) fail "$step: icanon is not on ($result)" ;; esac
  [ "$(tmux_ display -p -t "$session" '#{alternate_on}')" = "0" ] ||
    fail "$step: the alternate screen is still on"
  echo "ok: $step: exit status $status, main screen back, echo and icanon on"
}

start=$(date +%s)
launch first

# 1. Log in as the demo account.
wait_for "Forgot password?" "the login screen"
screen | grep -qF "( Log in )" || fail "the login button should start disabled"
type_text "ada@example.com"
press Tab
type_text "correct horse"
wait_for "[ Log in ]" "the login button after typing"
press Enter
wait_for "3 features" "the home after logging in"
screen | grep -qF "Logged in as Ada." || fail "the home does not say who is logged in"
screen | tail -1 | grep -qF "q quit" || fail "the key hints are not shown after logging in"
press f
wait_for "20 friends" "the friends list, opened from the home"
echo "ok: logged in, the home listed the features, 20 friends listed"

# 2. Add a friend, whose first name puts it first in the list, so the list stays at its top.
press a
# The fields show no message before they are left: the placeholders say the form is open.
wait_for "digits, spaces, + - ( )" "the add form"
type_text "Abby Extra"
press M-BSpace
press BSpace
press M-q
press M-d
sleep 0.3
screen | grep -qF "Extra" && fail "Alt-Backspace did not delete the word before the cursor"
screen | grep -qF "First name  first name" && fail "Alt keys in the form emptied the field"
screen | grep -qF "[ Save ]" || screen | grep -qF "( Save )" || fail "Alt keys closed the form"
echo "ok: Alt-Backspace deleted a word; Alt-q and Alt-d kept the form open"
press Tab
type_text "Quinn"
press Tab
type_text "555 0142"
wait_for "[ Save ]" "Save enabled once the form is valid"
press Enter
wait_for "21 friends" "the list after saving"
screen | grep -qE "Abby Quinn +555 0142" || fail "the new friend is not listed"
screen | grep -qE " › Abby Quinn" || fail "the new friend is not selected"
echo "ok: added Abby Quinn, selected in the list"

# 3. Another process writes to the same data (as the command line would): it shows by itself.
"$writer" add-friends "$data/friends" 1 Outsider >/dev/null
wait_for "22 friends" "the list after another process added a friend"
screen | grep -qE "Outsider n1 +555 0000001" || fail "the friend added elsewhere is not listed"
echo "ok: a friend added by another process appeared"

# 3b. The mouse is reported while the app runs. tmux cannot click, so the terminal's report
# of a left click on row 6 (the list's second row) is written as the terminal would send it:
# the row is selected, and the report is never read as keys.
[ "$(tmux_ display -p -t "$session" '#{mouse_any_flag}')" = "1" ] ||
  fail "mouse reporting is not on"
type_text $'\e[<0;10;6M\e[<0;10;6m'
wait_for "22 friends  ·  2/22" "the second friend selected by a click"
screen | sed -n 6p | grep -qF " › " || fail "the clicked row is not drawn selected"
screen | grep -qF "[<0" && fail "a click was typed as text"
# The wheel moves the selection down.
type_text $'\e[<65;10;6M'
wait_for "22 friends  ·  3/22" "the third friend selected by the wheel"
echo "ok: mouse reporting on; a click selected a row, the wheel moved it"

# 3c. Ctrl-Z gives the terminal back and raises SIGTSTP, then takes the terminal again and
# redraws in full once continued. The runs here have no job control (the process group is
# orphaned, so the kernel discards the stop): the program continues at once and must come
# back drawn in full, on the alternate screen, with the mouse on. Stopping and `fg` under a
# shell with job control are step 7b.
press C-z
sleep 0.3
wait_for "22 friends" "the list after Ctrl-Z"
[ "$(tmux_ display -p -t "$session" '#{alternate_on}')" = "1" ] ||
  fail "the alternate screen did not come back after Ctrl-Z"
[ "$(tmux_ display -p -t "$session" '#{mouse_any_flag}')" = "1" ] ||
  fail "mouse reporting did not come back after Ctrl-Z"
echo "ok: Ctrl-Z gave the terminal back and took it again, drawn in full"

# 4. Resize: the title bar spans the new width, the status bar moves to the new last row.
tmux_ resize-window -t "$session" -x 100 -y 30
tries=0
until title="$(screen | head -1 | sed 's/ *$//')" && [ "${#title}" -eq 99 ]; do
  tries=$((tries + 1))
  [ "$tries" -lt 100 ] || fail "the title bar did not reach 100 columns"
  sleep 0.05
done
screen | sed -n 30p | grep -qF "q quit" || fail "the status bar is not on row 30 after resizing"
echo "ok: reflowed to 100x30"

# 5. Quit with q.
press q
check_restored "q" 0

# 6. SIGTERM while running (still logged in: it opens on the home).
launch second
wait_for "3 features" "the home on the second start"
shell_pid="$(tmux_ display -p -t "$session" '#{pane_pid}')"
tui_pid="$(pgrep -P "$shell_pid" -x friends-tui || true)"
[ -n "$tui_pid" ] || fail "cannot find the running friends-tui"
kill -TERM "$tui_pid"
check_restored "SIGTERM" 143

# 7. Ctrl-C ends with status 130.
launch third
wait_for "3 features" "the home on the third start"
press C-c
check_restored "Ctrl-C" 130

# 7b. Ctrl-Z under a shell with job control: the shell gets the terminal back (main screen,
# mouse off, echo on), and `fg` gives it to the program again, drawn in full with the mouse on.
session=jobs
tmux_ -f /dev/null new-session -d -s "$session" -x 80 -y 24 \
  "env -i PATH='$PATH' TERM=xterm-256color HOME='$data' PS1='jobs\$ ' bash --norc --noprofile -i"
tmux_ set-option -t "$session" status off >/dev/null
wait_for "jobs$" "the shell prompt"
type_text "'$binary' --data-dir '$data/friends'"
press Enter
wait_for "3 features" "the home under a shell with job control"
press C-z
wait_for "Stopped" "the shell's report that the program stopped"
[ "$(tmux_ display -p -t "$session" '#{alternate_on}')" = "0" ] ||
  fail "the alternate screen stayed on after Ctrl-Z"
[ "$(tmux_ display -p -t "$session" '#{mouse_any_flag}')" = "0" ] ||
  fail "mouse reporting stayed on after Ctrl-Z"
# (The quotes keep the typed command from matching the answer.)
type_text "stty -a | grep -q -- ' -echo ' && echo 'ra''w' || echo 'echo o''n'"
press Enter
wait_for "echo on" "the shell's terminal with echo on while the program is stopped"
type_text "fg"
press Enter
wait_for "3 features" "the home after fg"
[ "$(tmux_ display -p -t "$session" '#{alternate_on}')" = "1" ] ||
  fail "the alternate screen did not come back after fg"
[ "$(tmux_ display -p -t "$session" '#{mouse_any_flag}')" = "1" ] ||
  fail "mouse reporting did not come back after fg"
press q
wait_for "jobs$" "the shell prompt after quitting"
echo "ok: Ctrl-Z stopped the program and gave the shell the terminal; fg took it back"

# 8. NO_COLOR: no colour codes, but dim (the hints, placeholders) and reverse are kept.
launch fourth NO_COLOR=1
wait_for "3 features" "the home with NO_COLOR"
press f
wait_for "22 friends" "the friends list with NO_COLOR"
press a
wait_for "digits, spaces, + - ( )" "the add form with NO_COLOR"
styled="$(tmux_ capture-pane -e -p -t "$session")"
grep -qE $'\e\\[([0-9;]*;)?2[;m]' <<<"$styled" || fail "NO_COLOR dropped dim"
grep -qE $'\e\\[([0-9;]*;)?7[;m]' <<<"$styled" || fail "NO_COLOR dropped reverse"
grep -qE $'\e\\[([0-9;]*;)?(3[0-7]|4[0-7]|38|48|9[0-7])[;m]' <<<"$styled" &&
  fail "NO_COLOR still drew colours"
echo "ok: NO_COLOR kept dim and reverse and drew no colour"
press Escape
press q

echo "PASS: friends-tui end to end in $(($(date +%s) - start)) s"
