# Sourced by the end-to-end scripts that start servers: they wait on a condition, never on a
# sleep (a sleep is too short on a loaded machine), and each server's port comes through a file
# of its own, read only once its first line is whole (issue 37: a port file shared by servers
# started one after another let a script read the previous, finished server's port).
#
# wait_for FILE PATTERN [COUNT]: waits (30 s at most) until FILE has COUNT (default 1) lines
#   matching the grep PATTERN; returns 1 when it never does.
# start_bg PORTFILE LOGFILE CMD...: removes both files (a previous server's port or log is never
#   read), starts CMD in the background, stdout to PORTFILE, stderr to LOGFILE; sets BG_PID, then
#   waits as wait_port_file does.
# wait_port_file FILE [PID]: waits (30 s at most, less when PID ends) for FILE's first line,
#   complete and numeric; sets PORT (empty, and returns 1, when none came).
wait_for() {
  local i
  for ((i = 0; i < 600; i++)); do
    [ "$(grep -c -- "$2" "$1" 2> /dev/null)" -ge "${3:-1}" ] 2> /dev/null && return 0
    sleep 0.05
  done
  return 1
}
wait_port_file() {
  local i
  PORT=
  for ((i = 0; i < 600; i++)); do
    if IFS= read -r PORT 2> /dev/null < "$1" && [[ $PORT =~ ^[0-9]+$ ]]; then return 0; fi
    if [ -n "${2:-}" ] && ! kill -0 "$2" 2> /dev/null; then
      IFS= read -r PORT 2> /dev/null < "$1" && [[ $PORT =~ ^[0-9]+$ ]] && return 0
      break
    fi
    sleep 0.05
  done
  PORT=
  return 1
}
start_bg() {
  local port=$1 log=$2
  shift 2
  rm -f "$port" "$log"
  "$@" > "$port" 2> "$log" &
  BG_PID=$!
  wait_port_file "$port" "$BG_PID"
}
