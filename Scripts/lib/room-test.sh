# What the room's and the doctor's self-tests share (source it after setting root, work and pids=()):
# the room servers they start stopped, the checkout's own room join put back, loopback with no
# proxy, a free port and the room's JSON.
join_state="$(attendee_state "$root")"
saved_join=()
joined_here=false
# set_join_aside: this checkout joins a test room; its own join and name are put back at the end.
set_join_aside() {
  joined_here=true
  for file in room-join.json room-outbox.json name; do
    if [ -e "$join_state/$file" ]; then mv "$join_state/$file" "$work/saved-$file"; saved_join+=("$file"); fi
  done
}
stop_rooms_and_restore_join() {
  for pid in ${pids[@]+"${pids[@]}"}; do kill -INT "$pid" 2>/dev/null; done
  sleep 0.3
  for pid in ${pids[@]+"${pids[@]}"}; do kill -KILL "$pid" 2>/dev/null; done
  if $joined_here; then rm -f "$join_state/room-join.json" "$join_state/room-outbox.json" "$join_state/name"; fi
  for file in ${saved_join[@]+"${saved_join[@]}"}; do mv "$work/saved-$file" "$join_state/$file"; done
  rm -rf "$work"
}
export no_proxy="127.0.0.1,localhost${no_proxy:+,$no_proxy}" NO_PROXY="127.0.0.1,localhost${NO_PROXY:+,$NO_PROXY}"
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
room_json() { python3 -c 'import http.client, sys
c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=5)
c.request("GET", "/api/room"); print(c.getresponse().read().decode())' "$1"; }
